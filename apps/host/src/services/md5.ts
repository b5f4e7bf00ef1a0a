import SparkMD5 from 'spark-md5';

/** The client sends MD5(password) as lowercase hex (spec 1 §7); the server slow-hashes that. */
export const md5 = (text: string): string => SparkMD5.hash(text);
