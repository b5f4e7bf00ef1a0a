export { fill, type Lang, pickLang, type Texts } from './lang';
