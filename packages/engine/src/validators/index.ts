export { VALIDATOR_NAMES, type ValidatorName, type ValidatorRule, validateBy, validators } from './catalogue';
export { idCardCheckChar, isIdCard, isRealDate } from './idCard';
export { isLicencePlate, NEW_ENERGY_LETTERS, PLATE_LETTERS, PROVINCES } from './plate';
export { installSafeRegex, loadSafeRegex, type Re2Engine, safeRegexReady } from './re2';
export {
  compileUserRegex,
  MAX_USER_REGEX_LENGTH,
  MAX_USER_REGEX_PROGRAM,
  MAX_USER_REGEX_WORK,
  REGEX_ENGINE_NOT_LOADED,
  splitUserRegex,
  USER_REGEX_CACHE,
  type UserRegex,
  type UserRegexResult,
  userRegexCacheSize,
  userRegexOf,
} from './safeRegex';
