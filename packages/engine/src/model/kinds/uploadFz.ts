// Attachments (文件上传): a list of { name, fileId, url, size }; shown by file name.
import { defineKind, filesKind } from './kind';

export default defineKind({ ...filesKind, key: 'uploadFz' });
