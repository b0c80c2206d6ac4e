/**
 * A Content-Security-Policy with more sources for one of its directives (which it must
 * have): for a page that needs one more origin than every page does.
 */
export const withSources = (policy: string, directive: string, sources: readonly string[]): string => {
  let found = false;
  const directives = policy.split(';').map((part) => {
    const [name] = part.trim().split(/\s+/);
    if (name !== directive) return part;
    found = true;
    return [part.trimEnd(), ...sources.filter((source) => !part.split(/\s+/).includes(source))].join(' ');
  });
  if (!found) throw new Error(`the policy has no ${directive} directive`);
  return directives.join(';');
};
