// Engine-only import: the amount in words, nothing else.
import { amountInWords } from '@kp/engine';

console.log(amountInWords(1189.3));
