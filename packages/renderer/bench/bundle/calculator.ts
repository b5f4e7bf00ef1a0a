// Engine-only import: the calculator (formula compile + evaluate), nothing else.
import { compileFormula, evaluateFormula } from '@kp/engine';

const f = compileFormula('price * quantity - advance');
console.log(evaluateFormula(f, { price: 12.5, quantity: 2, advance: 1 }));
