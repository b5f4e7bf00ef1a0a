/**
 * A template's name in a language (issue 20): wf_template.full_name_i18n holds the seeded flows' labels
 * {zh, zhtw, en} (migration 0173; they count while full_name equals their zh) or the names typed in the
 * designer's basic settings {zhtw, en} (they count also after a rename). The same rule as every labelled row
 * (db/stored-label.ts): templateName picks the name in a language, templateLabels gives the labels,
 * typedLabelJson stores typed names.
 */
export {
  nameIn as templateName,
  storedLabels as templateLabels,
  typedLabelJson,
} from '../../db/stored-label';
