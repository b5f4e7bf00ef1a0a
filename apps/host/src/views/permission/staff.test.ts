import { STAFF_SECTIONS } from '@kp/schema';
import { describe, expect, it } from 'vitest';
import { cleanEntry, sectionFields } from './StaffEditor';

describe('staff-record editor', () => {
  it('reads every section’s fields from its schema, with kinds for dates, gender and long text', () => {
    for (const s of STAFF_SECTIONS) expect(sectionFields(s).length).toBeGreaterThan(2);
    const basic = Object.fromEntries(sectionFields('basicInfo').map((f) => [f.key, f.kind]));
    expect(basic).toMatchObject({
      gender: 'gender',
      birthday: 'date',
      entryDate: 'date',
      description: 'long',
      nation: 'text',
    });
    // list sections describe one entry
    expect(sectionFields('EduInfo').map((f) => f.key)).toEqual([
      'school',
      'major',
      'degree',
      'education',
      'startDate',
      'endDate',
    ]);
  });

  it('sends trimmed text and null for cleared fields', () => {
    expect(cleanEntry({ a: ' x ', b: '', c: '  ', d: 2, e: undefined, f: null })).toEqual({
      a: 'x',
      b: null,
      c: null,
      d: 2,
      f: null,
    });
  });
});
