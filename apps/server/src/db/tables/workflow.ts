// Storage shapes of the workflow tables (migrations 0060-workflow and later), composed into Database (db/types.ts).
import type { Generated } from 'kysely';

export interface WfTemplateTable {
  id: string;
  en_code: string;
  full_name: string;
  /** {zh, zhtw, en} as JSON (migration 0173); shown while full_name still equals its zh. */
  full_name_i18n: Generated<string | null>;
  category: Generated<string>;
  type: Generated<number>;
  form_type: Generated<number>;
  form_json: unknown;
  flow_json: unknown;
  properties_json: Generated<unknown>;
  /** Stored simulation cases (migration 0140), re-run before a release. */
  sim_cases_json: Generated<unknown>;
  version: Generated<number>;
  /** The version of form_json (migration 0180): bumped by a save that changes the form. */
  form_version: Generated<number>;
  /** 0 stopped / not released, 1 released. */
  enabled_mark: Generated<number>;
  /** Empty = everyone may launch; else user ids allowed to see it in the launch list. */
  visible_user_ids: Generated<unknown>;
  sort_code: Generated<number>;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  last_modify_time: Date | null;
  deleted: Generated<number>;
}
/** A superseded form of a template (migration 0180): what tasks launched on that version are checked against. */
export interface WfTemplateFormTable {
  template_id: string;
  form_version: number;
  form_json: unknown;
  creator_time: Generated<Date>;
}
export interface WfTaskTable {
  id: string;
  template_id: string;
  template_version: number;
  /** The template's form version the task was launched on (migration 0180); its form checks use it. */
  form_version: Generated<number>;
  flow_code: string;
  /** The title as stored (zh for a default title: lists search it). */
  full_name: string;
  /** The parts of a default title, JSON (migration 0182, domains/workflow/task-title.ts); null otherwise. */
  title_parts: Generated<string | null>;
  status: number;
  flow_urgent: Generated<number>;
  this_step: Generated<string>;
  current_nodes: Generated<unknown>;
  /**
   * `{ flow: FlowState }`, the interpreter's state (every transition rewrites it). Tasks stored before
   * migration 0185 held `template` here too.
   */
  state_json: unknown;
  /** The template the task was launched with: a wf_flow_snapshot id (migration 0185). */
  template_snapshot: Generated<string | null>;
  form_data: Generated<unknown>;
  version: Generated<number>;
  suspended: Generated<number>;
  press_mark: Generated<number>;
  initiator_id: string;
  parent_task_id: string | null;
  parent_node_id: string | null;
  creator_time: Generated<Date>;
  start_time: Date | null;
  end_time: Date | null;
  last_modify_time: Date | null;
}
/** A flow template as tasks were launched with it, kept once per content (migration 0185). */
export interface WfFlowSnapshotTable {
  /** A hash of the template's JSON (sha256 hex; md5 hex for templates moved out of older tasks). */
  id: string;
  template_json: unknown;
  creator_time: Generated<Date>;
}
export interface WfOperatorTable {
  id: string;
  task_id: string;
  /** The interpreter's task id inside the flow state. */
  flow_task_id: string;
  node_id: string;
  node_name: Generated<string>;
  /** Who sees and handles it (the delegate when entrusted). */
  user_id: string;
  /** The approver the interpreter assigned (the action runs as this user). */
  flow_user_id: string;
  entrusted_for: string | null;
  /** 0 pending, 1 done, 2 closed (by the flow: another approver decided, withdrawn, …). */
  status: Generated<number>;
  result: string | null;
  deadline: Date | null;
  reminder_count: Generated<number>;
  creator_time: Generated<Date>;
  handle_time: Date | null;
}
export interface WfRecordTable {
  id: string;
  task_id: string;
  node_id: string;
  node_name: Generated<string>;
  /** Who acted (the delegate when entrusted). */
  user_id: string;
  /** On whose behalf (the approver who entrusted), else null. */
  entrusted_by: string | null;
  handle_status: number;
  handle_opinion: string | null;
  sign_img: string | null;
  status: number | null;
  operator_id: string | null;
  flow_task_id: string | null;
  handle_time: Date;
  seq: Generated<number>;
}
export interface WfCirculateTable {
  id: string;
  task_id: string;
  node_id: string;
  user_id: string;
  is_read: Generated<number>;
  creator_time: Generated<Date>;
}
export interface WfCommentTable {
  id: string;
  task_id: string;
  text: string | null;
  file: Generated<unknown>;
  image: Generated<unknown>;
  creator_user_id: string;
  creator_time: Generated<Date>;
  deleted: Generated<number>;
}
export interface WfEntrustTable {
  id: string;
  user_id: string;
  to_user_id: string;
  template_id: string | null;
  start_time: Date;
  end_time: Date;
  description: string | null;
  enabled_mark: Generated<number>;
  creator_time: Generated<Date>;
}
export interface WfDeadlineTable {
  task_id: string;
  deadline_id: string;
  node_id: string;
  kind: string;
  due_at: Date;
  claimed_until: Date | null;
}

export interface WfPrintTemplateTable {
  id: string;
  template_id: string;
  node_id: string | null;
  full_name: string;
  /** {zh, zhtw, en} as JSON for the seeded templates (migration 0174), read while full_name equals its zh. */
  full_name_i18n: Generated<string | null>;
  content: string;
  sort_code: Generated<number>;
  creator_user_id: string | null;
  creator_time: Generated<Date>;
  deleted: Generated<number>;
}

export interface WorkflowTables {
  wf_print_template: WfPrintTemplateTable;
  wf_template: WfTemplateTable;
  wf_template_form: WfTemplateFormTable;
  wf_task: WfTaskTable;
  wf_flow_snapshot: WfFlowSnapshotTable;
  wf_operator: WfOperatorTable;
  wf_record: WfRecordTable;
  wf_circulate: WfCirculateTable;
  wf_comment: WfCommentTable;
  wf_entrust: WfEntrustTable;
  wf_deadline: WfDeadlineTable;
}
