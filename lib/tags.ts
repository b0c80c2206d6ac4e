import { Tags, type Stack } from 'aws-cdk-lib';
import { PROJECT_TAG_VALUE, TAG_KEYS } from './outputs';

/**
 * The project and stage tags, on the stack (CloudFormation passes a stack's tags on to every
 * resource that takes tags, those CDK does not model as taggable included) and on each
 * taggable resource in the template.
 */
export const tagStack = (stack: Stack, stage: string): void => {
  for (const [key, value] of [
    [TAG_KEYS.project, PROJECT_TAG_VALUE],
    [TAG_KEYS.stage, stage],
  ]) {
    Tags.of(stack).add(key, value);
    stack.tags.setTag(key, value);
  }
};
