/**
 * Mainland licence plates. Ordinary: province abbreviation, an issuing-authority letter (I and O are not
 * used), then 5 letters/digits, the last of which may be 挂 学 警 港 澳. New-energy plates have 8 characters:
 * small vehicles province + letter + one of D A B C E F G H J K + a letter or digit + 4 digits; large
 * vehicles province + letter + 5 digits + one of D A B C E F G H J K.
 */
export const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
export const PLATE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
export const NEW_ENERGY_LETTERS = 'DABCEFGHJK';

const PLATE_RE = new RegExp(
  `^[${PROVINCES}][A-HJ-NP-Z](?:[A-HJ-NP-Z0-9]{4}[A-HJ-NP-Z0-9挂学警港澳]|[${NEW_ENERGY_LETTERS}][A-HJ-NP-Z0-9]\\d{4}|\\d{5}[${NEW_ENERGY_LETTERS}])$`,
);

export function isLicencePlate(value: string): boolean {
  return PLATE_RE.test(value);
}
