export { AMOUNT_TOO_LARGE, amountInWords } from './amountInWords';
