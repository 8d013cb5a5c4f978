/** Types of one-story-writer.mjs (plain JavaScript: eslint.config.js loads it without tsx). */
import type { Rule } from 'eslint';

export declare const oneStoryWriter: Rule.RuleModule;
