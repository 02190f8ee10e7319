import { sqlInjectionSuite } from './sql-injection.ts';

sqlInjectionSuite(0);
