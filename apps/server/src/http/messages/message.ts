/** One message of the server's catalogue in the three languages. */
export interface Message {
  zh: string;
  zhtw: string;
  en: string;
}
