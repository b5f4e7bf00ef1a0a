import type {
  FieldProps,
  FieldTemplateProps,
  ObjectFieldTemplateProps,
  RegistryFieldsType,
  TemplatesType,
  UiSchema,
} from '@rjsf/utils';
import { createContext, type ReactNode, useContext } from 'react';
import { Layout } from '../layout/Layout';
import { useRender } from './context';
import type { AnyField } from './fieldUtil';
import { KpField } from './KpField';

/**
 * How rjsf and the store share the work: rjsf owns the schema-to-field mapping (the compiled data JSON
 * Schema plus the generated uiSchema give each property the `kp` field), its root ObjectFieldTemplate is our
 * layout (rows, cards, tabs, collapses, sub-tables from the form config), and each field reads and writes
 * its value through the external store. rjsf's formData never changes after mount, so a keystroke does not
 * re-render the form: only the field whose value changed re-renders.
 */
export interface LayoutInfo {
  fields: AnyField[];
  defaultSpan: number;
  gutter: number;
}

/** Forms with more data fields than this render off-screen fields lazily. */
export const LARGE_FORM = 100;

export const LayoutInfoContext = createContext<LayoutInfo>({ fields: [], defaultSpan: 24, gutter: 15 });

function RootObjectTemplate(props: ObjectFieldTemplateProps) {
  const info = useContext(LayoutInfoContext);
  const contents = new Map<string, ReactNode>(props.properties.map((p) => [p.name, p.content]));
  return (
    <Layout fields={info.fields} contents={contents} defaultSpan={info.defaultSpan} gutter={info.gutter} />
  );
}

function PassThroughFieldTemplate(props: FieldTemplateProps) {
  return <>{props.children}</>;
}

function NoErrors() {
  return null;
}

/** The `kp` field: renders the config field named by the rjsf property through the store. */
function KpRjsfField(props: FieldProps) {
  const { fieldsByModel } = useRender();
  const field = fieldsByModel.get(props.name);
  return field ? <KpField field={field} /> : null;
}

export const RJSF_FIELDS: RegistryFieldsType = { kp: KpRjsfField };
export const RJSF_TEMPLATES: Partial<TemplatesType> = {
  ObjectFieldTemplate: RootObjectTemplate,
  FieldTemplate: PassThroughFieldTemplate,
  ErrorListTemplate: NoErrors,
  FieldErrorTemplate: NoErrors,
};

/** uiSchema: every data property uses the `kp` field; rjsf's own submit button is not rendered. */
export function buildUiSchema(schema: Record<string, unknown>): UiSchema {
  const props = (schema.properties ?? {}) as Record<string, unknown>;
  const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
  // ui:fieldReplacesAnyOrOneOf: our field also handles anyOf/oneOf values (e.g. number or '' for amounts).
  for (const name of Object.keys(props)) ui[name] = { 'ui:field': 'kp', 'ui:fieldReplacesAnyOrOneOf': true };
  return ui;
}
