// Server messages: Uploads, downloads, documents and print designs. See catalogue.ts for the rules of the catalogue.
import type { Message } from './message';

export const FILES = {
  'file.uploaded': { zh: '上传成功', zhtw: '上傳成功', en: 'Uploaded' },
  'file.notFound': { zh: '文件不存在', zhtw: '檔案不存在', en: 'The file does not exist' },
  'file.badUrl': { zh: '文件地址无效', zhtw: '檔案地址無效', en: 'The file address is not valid' },
  'file.typeUnsupported': {
    zh: '不支持的上传类型 {0}',
    zhtw: '不支援的上傳類型 {0}',
    en: 'Unsupported upload type {0}',
  },
  'file.extUnsupported': {
    zh: '不支持的文件类型 {0}',
    zhtw: '不支援的檔案類型 {0}',
    en: 'Unsupported file type {0}',
  },
  'file.tooLarge': {
    zh: '文件大小超过{0}MB',
    zhtw: '檔案大小超過{0}MB',
    en: 'The file is larger than {0} MB',
  },
  'file.tooLarge50': {
    zh: '文件大小不能超过50MB',
    zhtw: '檔案大小不能超過50MB',
    en: 'The file may not be larger than 50 MB',
  },
  'file.chooseType': {
    zh: '请选择{0}类型的文件',
    zhtw: '請選擇{0}類型的檔案',
    en: 'Please choose a file of type {0}',
  },
  'file.chooseXlsx': {
    zh: '请选择xlsx类型的文件',
    zhtw: '請選擇xlsx類型的檔案',
    en: 'Please choose an xlsx file',
  },
  'file.multipart': {
    zh: '请使用 multipart/form-data 上传',
    zhtw: '請使用 multipart/form-data 上傳',
    en: 'Please upload as multipart/form-data',
  },
  'file.chunkTooLarge': { zh: '分片大小超过5MB', zhtw: '分片大小超過5MB', en: 'A chunk is larger than 5 MB' },
  'file.chunksExceedSize': {
    zh: '已上传的分片超过文件大小',
    zhtw: '已上傳的分片超過檔案大小',
    en: 'the chunks uploaded exceed the file size',
  },
  'file.chunksIncomplete': {
    zh: '文件分片不完整，请重新上传',
    zhtw: '檔案分片不完整，請重新上傳',
    en: "The file's chunks are incomplete; please upload again",
  },
  'file.md5Mismatch': {
    zh: '文件校验失败（MD5不一致），请重新上传',
    zhtw: '檔案校驗失敗（MD5不一致），請重新上傳',
    en: 'File check failed (MD5 mismatch); please upload again',
  },
  'file.sizeMismatch': {
    zh: '与上传的文件大小不一致',
    zhtw: '與上傳的檔案大小不一致',
    en: 'does not match the size of the uploaded file',
  },
  'file.pendingTooLarge': {
    zh: '未完成的分片上传超过{0}MB，请先完成或等待清理后再上传',
    zhtw: '未完成的分片上傳超過{0}MB，請先完成或等待清理後再上傳',
    en: 'unfinished chunked uploads exceed {0} MB; finish them or wait for the clean-up first',
  },
  'file.attachmentEntry': {
    zh: '每个附件需要 fileId 或 url',
    zhtw: '每個附件需要 fileId 或 url',
    en: 'each attachment needs a fileId or a url',
  },
  'file.attachmentUnknown': {
    zh: '附件不存在或无权使用',
    zhtw: '附件不存在或無權使用',
    en: 'the attachment does not exist or you may not use it',
  },
  'file.onlyDocs': {
    zh: '仅支持xls、xlsx、doc、docx、pdf、txt、ppt、pptx类型的文件',
    zhtw: '僅支援xls、xlsx、doc、docx、pdf、txt、ppt、pptx類型的檔案',
    en: 'Only xls, xlsx, doc, docx, pdf, txt, ppt and pptx files are supported',
  },
  'file.onlyImages': {
    zh: '请上传图片（jpg、jpeg、png、gif、bmp、webp）',
    zhtw: '請上傳圖片（jpg、jpeg、png、gif、bmp、webp）',
    en: 'Please upload an image (jpg, jpeg, png, gif, bmp, webp)',
  },
  'file.max9Files': { zh: '最多上传9个文件', zhtw: '最多上傳9個檔案', en: 'At most 9 files may be uploaded' },
  'file.max9Images': {
    zh: '最多上传9张图片',
    zhtw: '最多上傳9張圖片',
    en: 'At most 9 images may be uploaded',
  },
  'file.limit9Files': {
    zh: '当前限制最多可以上传9个文件',
    zhtw: '目前限制最多可以上傳9個檔案',
    en: 'The current limit is 9 files',
  },
  'file.limit9Images': {
    zh: '当前限制最多可以上传9张图片',
    zhtw: '目前限制最多可以上傳9張圖片',
    en: 'The current limit is 9 images',
  },
  'file.limit99Files': {
    zh: '当前限制最多可以上传99个文件',
    zhtw: '目前限制最多可以上傳99個檔案',
    en: 'The current limit is 99 files',
  },
  'file.uploadImageFirst': { zh: '请先上传图片', zhtw: '請先上傳圖片', en: 'Please upload the image first' },
  'document.titleRequired': { zh: '请输入标题', zhtw: '請輸入標題', en: 'Please enter the title' },
  'document.typeMissing': {
    zh: '公文类型不存在',
    zhtw: '公文類型不存在',
    en: 'The document type does not exist',
  },
  'document.released': {
    zh: '公文已发布，不能修改',
    zhtw: '公文已發佈，不能修改',
    en: 'The document is published and cannot be changed',
  },
  'print.disabled': { zh: '打印模板已禁用', zhtw: '列印模板已停用', en: 'The print template is disabled' },
  'print.noForm': {
    zh: '打印模板未关联表单',
    zhtw: '列印模板未關聯表單',
    en: 'The print template is not linked to a form',
  },
  'print.wrongFlow': {
    zh: '该流程不能使用此打印模板',
    zhtw: '該流程不能使用此列印模板',
    en: 'This flow cannot use this print template',
  },
  'print.notFound': { zh: '打印模板不存在', zhtw: '列印模板不存在', en: 'The print template does not exist' },
} as const satisfies Record<string, Message>;
