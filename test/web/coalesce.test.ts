import { coalesce } from '../../web/lib/coalesce';

/** A run that records itself; `end` settles the run under way, as a refresh's transition does. */
const recorder = () => {
  let runs = 0;
  const coalesced = coalesce(() => void runs++);
  return { coalesced, runs: () => runs };
};

test('the first ask runs at once; asks while it runs make exactly one run more, after it', () => {
  const { coalesced, runs } = recorder();
  coalesced.ask();
  expect(runs()).toBe(1);
  for (let i = 0; i < 39; i++) coalesced.ask();
  expect(runs()).toBe(1);
  coalesced.ended();
  expect(runs()).toBe(2);
  // The run after the asks ends with nothing more asked: nothing more runs.
  coalesced.ended();
  expect(runs()).toBe(2);
});

test('an ask after the runs ended runs at once again', () => {
  const { coalesced, runs } = recorder();
  coalesced.ask();
  coalesced.ended();
  coalesced.ask();
  expect(runs()).toBe(2);
});

test('an ask during the run after the asks makes one run more still: none is lost', () => {
  const { coalesced, runs } = recorder();
  coalesced.ask();
  coalesced.ask();
  coalesced.ended();
  expect(runs()).toBe(2);
  coalesced.ask();
  coalesced.ended();
  expect(runs()).toBe(3);
  coalesced.ended();
  expect(runs()).toBe(3);
});

test('an end with nothing under way (a render after none was asked) runs nothing', () => {
  const { coalesced, runs } = recorder();
  coalesced.ended();
  coalesced.ended();
  expect(runs()).toBe(0);
});
