declare module 'virtual:expense-schema' {
  const schema: Record<string, unknown>;
  export default schema;
}
