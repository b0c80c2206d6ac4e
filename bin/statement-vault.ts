#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { buildVaultApp } from '../lib/app';

buildVaultApp(new App());
