export { VALIDATOR_NAMES, type ValidatorName, type ValidatorRule, validateBy, validators } from './catalogue';
export { idCardCheckChar, isIdCard, isRealDate } from './idCard';
export { isLicencePlate, NEW_ENERGY_LETTERS, PLATE_LETTERS, PROVINCES } from './plate';
