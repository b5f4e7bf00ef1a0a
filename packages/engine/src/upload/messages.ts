import { fill, type Lang, pickLang, type Texts } from '../format/lang';

/**
 * Upload texts (spec 3 §5 Uploaders, spec 4 §9). The Chinese file texts are the spec's verbatim. The image
 * texts follow its English glosses in the same wording as the file texts: 'please upload an image' ->
 * 请上传图片, 'image size exceeds ...' -> 图片大小超过{size}{unit}, 'current limit is at most N images' ->
 * 当前限制最多可以上传{limit}张图片. The chat image text is the spec's 图片大小不能超过5M.
 */
export const UPLOAD_TEXTS = {
  fileLimit: {
    zh: '当前限制最多可以上传{limit}个文件',
    zhtw: '目前限制最多可以上傳{limit}個檔案',
    en: 'You can upload at most {limit} files',
  },
  fileSize: {
    zh: '文件大小超过{size}{unit}',
    zhtw: '檔案大小超過{size}{unit}',
    en: 'File size exceeds {size}{unit}',
  },
  fileType: {
    zh: '请选择{accept}类型的文件',
    zhtw: '請選擇{accept}類型的檔案',
    en: 'Please choose a {accept} file',
  },
  notImage: { zh: '请上传图片', zhtw: '請上傳圖片', en: 'Please upload an image' },
  imageSize: {
    zh: '图片大小超过{size}{unit}',
    zhtw: '圖片大小超過{size}{unit}',
    en: 'Image size exceeds {size}{unit}',
  },
  imageLimit: {
    zh: '当前限制最多可以上传{limit}张图片',
    zhtw: '目前限制最多可以上傳{limit}張圖片',
    en: 'You can upload at most {limit} images',
  },
  chatImageSize: { zh: '图片大小不能超过5M', zhtw: '圖片大小不能超過5M', en: 'The image cannot exceed 5M' },
  readError: {
    zh: '文件{name}读取出错，请检查该文件',
    zhtw: '檔案{name}讀取出錯，請檢查該檔案',
    en: 'Error reading file {name}, please check the file',
  },
  uploadFailed: { zh: '上传失败', zhtw: '上傳失敗', en: 'Upload failed' },
  editorUploadError: { zh: '文件上传出错！', zhtw: '檔案上傳出錯！', en: 'File upload error!' },
} as const satisfies Record<string, Texts>;

export type UploadTextKey = keyof typeof UPLOAD_TEXTS;

export function uploadText(
  key: UploadTextKey,
  params: Record<string, string | number> = {},
  lang: Lang = 'zh',
): string {
  return fill(UPLOAD_TEXTS[key][pickLang(lang)], params);
}
