/**
 * A template's name in a language (issue 20): wf_template.full_name_i18n holds {zh, zhtw, en} as JSON (seeded
 * flows, migration 0173, the designer's basic settings); it counts only while full_name still equals its zh,
 * so a rename that did not touch the labels shows the new name. The same rule as every labelled row
 * (db/stored-label.ts): templateName picks the name in a language, templateLabels gives the labels.
 */
export { nameIn as templateName, storedLabels as templateLabels } from '../../db/stored-label';
