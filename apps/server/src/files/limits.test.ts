// Upload size limits as the spec words them (issue 20): "under 5 MB" for chat images and "under 50 MB"
// for comment files refuse a file of exactly that size; limits given as a maximum allow it.
import { describe, expect, it } from 'vitest';
import { checkUpload, MB } from './policy';

describe('upload size limits', () => {
  it('refuses a chat image of exactly 5 MB and takes one byte less', () => {
    expect(checkUpload('IM', 'png', 5 * MB)).toBe('文件大小超过5MB');
    expect(checkUpload('IM', 'png', 5 * MB - 1)).toBeNull();
  });
  it('refuses a comment file of exactly 50 MB and takes one byte less', () => {
    expect(checkUpload('comment', 'pdf', 50 * MB)).toBe('文件大小超过50MB');
    expect(checkUpload('comment', 'pdf', 50 * MB - 1)).toBeNull();
  });
  it('allows an attachment of exactly its maximum (500 MB), not one byte more', () => {
    expect(checkUpload('annex', 'pdf', 500 * MB)).toBeNull();
    expect(checkUpload('annex', 'pdf', 500 * MB + 1)).toBe('文件大小超过500MB');
  });
});
