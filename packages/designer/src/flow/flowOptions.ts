import type { OrgProvider } from '../common/OrgPicker';

export interface Choice {
  value: string;
  label: string;
}

/**
 * Where the pickers get their choices. With `org` (the host's organisation provider, the same calls as
 * @kp/renderer's FormProviders) users, departments, positions and roles are chosen in a lazy tree dialog;
 * otherwise from the flat lists below; with neither, ids are typed.
 */
export interface FlowDesignerOptions {
  org?: OrgProvider;
  users?: Choice[];
  positions?: Choice[];
  roles?: Choice[];
  flows?: Choice[];
  /** form fields usable in conditions and as approver fields */
  formFields?: Array<Choice & { valueType?: 'number' | 'date' | 'text' | 'list'; options?: Choice[] }>;
}
