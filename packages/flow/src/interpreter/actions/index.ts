import type { ActionTable } from '../handler';
import { addSigner } from './addSigner';
import { assign } from './assign';
import { audit } from './audit';
import { managerSave } from './managerSave';
import { overdueReminder } from './overdueReminder';
import { press } from './press';
import { recall } from './recall';
import { refile } from './refile';
import { reject } from './reject';
import { revoke } from './revoke';
import { save } from './save';
import { subflowFinished } from './subflowFinished';
import { submit } from './submit';
import { terminate } from './terminate';
import { timerFired } from './timerFired';
import { transfer } from './transfer';
import { withdraw } from './withdraw';

/** Every interpreter action, one handler each. */
export const ACTIONS: ActionTable = {
  submit,
  save,
  audit,
  reject,
  transfer,
  assign,
  addSigner,
  recall,
  withdraw,
  revoke,
  press,
  terminate,
  refile,
  managerSave,
  timerFired,
  subflowFinished,
  overdueReminder,
};
