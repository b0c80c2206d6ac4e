import { PUSH_BLOCKED, pushFailureInWords } from '../../web/lib/push';

test("the browser's own push errors are said in words a person can act on", () => {
  expect(pushFailureInWords(new DOMException('Registration failed - permission denied', 'NotAllowedError'))).toBe(PUSH_BLOCKED);
  expect(pushFailureInWords(new Error('Registration failed - permission denied'))).toBe(PUSH_BLOCKED);
  expect(pushFailureInWords(new DOMException('Registration failed - push service error', 'AbortError'))).toMatch(
    /^The browser's push service could not be reached/,
  );
  expect(pushFailureInWords(new DOMException('no active worker', 'InvalidStateError'))).toMatch(/reload the page/);
  expect(pushFailureInWords(new Error('something else'))).toBe('Notifications could not be turned on: something else');
  expect(pushFailureInWords(undefined)).toBe('Notifications could not be turned on.');
});
