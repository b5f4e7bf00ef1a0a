export {
  BILL_DATE_FORMATS,
  type BillDateFormat,
  type BillNumberResult,
  type BillRule,
  type BillState,
  nextBillNumber,
  type Rng,
} from './nextBillNumber';
