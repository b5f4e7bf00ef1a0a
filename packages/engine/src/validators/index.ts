export { VALIDATOR_NAMES, type ValidatorName, type ValidatorRule, validateBy, validators } from './catalogue';
export { idCardCheckChar, isIdCard, isRealDate } from './idCard';
export { isLicencePlate, NEW_ENERGY_LETTERS, PLATE_LETTERS, PROVINCES } from './plate';
export {
  compileUserRegex,
  MAX_USER_REGEX_LENGTH,
  MAX_USER_REGEX_PROGRAM,
  MAX_USER_REGEX_WORK,
  splitUserRegex,
  USER_REGEX_CACHE,
  type UserRegex,
  type UserRegexResult,
  userRegexCacheSize,
  userRegexOf,
} from './safeRegex';
