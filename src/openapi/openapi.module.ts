import { Module } from '@nestjs/common';
import { OpenApiController, OpenApiDocument } from './openapi.controller';

@Module({ controllers: [OpenApiController], providers: [OpenApiDocument] })
export class OpenApiModule {}
