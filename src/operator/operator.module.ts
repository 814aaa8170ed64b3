import {
  Module,
  type DynamicModule,
  type FactoryProvider,
  type ModuleMetadata,
  type Type,
} from '@nestjs/common';
import { OperatorService } from './operator.service';
import { TROVE_GATEWAY, type TroveGateway } from './trove-gateway';

export { TROVE_GATEWAY, type TroveGateway } from './trove-gateway';

/** How the application supplies Trove to the operator: a class, or a factory over its services. */
export type TroveGatewayProvider = { imports?: ModuleMetadata['imports'] } & (
  { useClass: Type<TroveGateway> } | Pick<FactoryProvider<TroveGateway>, 'useFactory' | 'inject'>
);

/**
 * The Kubernetes operator (Pipeline and ApiKey custom resources). Import
 * `OperatorModule.forRoot({ imports: [...], useClass: ... })`; the bare module
 * works too when a global module exports TROVE_GATEWAY.
 */
@Module({
  providers: [OperatorService],
  exports: [OperatorService],
})
export class OperatorModule {
  static forRoot(gateway: TroveGatewayProvider): DynamicModule {
    const { imports = [], ...provider } = gateway;
    return {
      module: OperatorModule,
      imports,
      providers: [{ provide: TROVE_GATEWAY, ...provider }],
      exports: [OperatorService],
    };
  }
}
