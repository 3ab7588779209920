/** The `workerd` package's main module, which ships no types: the path of the platform's workerd binary. */
declare module 'workerd' {
  const binary: string;
  export default binary;
}
