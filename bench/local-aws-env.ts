import { LOCAL_AWS_ENV } from '../infra/local/dynamodb-local';

// Imported first by bench/run.ts: modules that create an SDK client on import read these.
Object.assign(process.env, LOCAL_AWS_ENV);
