export { VALIDATOR_NAMES, type ValidatorName, type ValidatorRule, validateBy, validators } from './catalogue';
export { idCardCheckChar, isIdCard, isRealDate } from './idCard';
export { isLicencePlate, NEW_ENERGY_LETTERS, PLATE_LETTERS, PROVINCES } from './plate';
export {
  compileUserRegex,
  MAX_USER_REGEX_LENGTH,
  splitUserRegex,
  USER_REGEX_CACHE,
  type UserRegex,
  type UserRegexResult,
  userRegexCacheSize,
  userRegexOf,
} from './safeRegex';
