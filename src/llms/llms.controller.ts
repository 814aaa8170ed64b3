import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { AdminOnly } from '../auth/auth.guard';
import { ProbeSchema } from '../common/probe';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { CreateLlmSchema, UpdateLlmSchema } from './llms.dto';
import { LlmsService } from './llms.service';

/** Any valid key may read the LLMs (never their keys); only admin keys change them. */
@Controller('llms')
export class LlmsController {
  constructor(private readonly service: LlmsService) {}

  @Get()
  list(@Query() query: Record<string, unknown>) {
    return this.service.list(query);
  }

  @Get(':id')
  get(@UuidParam('id', 'id') id: string) {
    return this.service.get(id);
  }

  @Post()
  @AdminOnly()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateLlmSchema, body));
  }

  @Patch(':id')
  @AdminOnly()
  update(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.update(id, parseWith(UpdateLlmSchema, body));
  }

  /** Asks the model a short question: reachable, how fast, what it says (200 whatever the outcome). */
  @Post(':id/test')
  @AdminOnly()
  @HttpCode(200)
  test(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.test(id, parseWith(ProbeSchema, body));
  }

  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  delete(@UuidParam('id', 'id') id: string) {
    return this.service.delete(id);
  }
}
