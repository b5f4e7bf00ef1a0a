/**
 * Mainland resident ID numbers (GB 11643-1999). 18 characters: 6-digit region code, birth date yyyyMMdd,
 * 3-digit sequence, and an ISO 7064 MOD 11-2 check character (0-9 or X; a lower-case x is accepted too).
 * Legacy 15-digit numbers (first generation, no check digit, birth date yyMMdd of the 1900s) are accepted
 * when their birth date is a real date: such cards may still appear in old data.
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';
/** First digit of the province code: 1 North, 2 North-East, 3 East, 4 South Central, 5 South-West, 6 North-West, 7 Taiwan, 8 Hong Kong/Macau. */
const REGION_FIRST = /^[1-8][0-9]/;

export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (first17.charCodeAt(i) - 48) * WEIGHTS[i];
  return CHECK[sum % 11];
}

export function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

export function isIdCard(value: string): boolean {
  if (/^\d{17}[\dXx]$/.test(value)) {
    if (!REGION_FIRST.test(value)) return false;
    const year = Number(value.slice(6, 10));
    if (year < 1800 || year > 2099) return false;
    if (!isRealDate(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)))) return false;
    return idCardCheckChar(value) === value[17].toUpperCase();
  }
  if (/^\d{15}$/.test(value)) {
    if (!REGION_FIRST.test(value)) return false;
    return isRealDate(
      1900 + Number(value.slice(6, 8)),
      Number(value.slice(8, 10)),
      Number(value.slice(10, 12)),
    );
  }
  return false;
}
