/** Days in a time zone: the home page's figures count them (the arithmetic is the engine's, ../../db/days.ts). */
export * from '../../db/days';
