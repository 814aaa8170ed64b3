import { DynamicModule, Global, Module } from '@nestjs/common';
import { SETTINGS, Settings } from './settings';

/** Provides the validated settings to every module under the SETTINGS token. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(settings: Settings): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: SETTINGS, useValue: settings }],
      exports: [SETTINGS],
    };
  }
}
