import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { AdminOnly, Auth } from '../auth/auth.guard';
import { ProbeSchema } from '../common/probe';
import { UuidParam } from '../common/uuid.pipe';
import { parseWith } from '../common/validation';
import { CreateLlmSchema, UpdateLlmSchema } from './llms.dto';
import { LLM_FILTERS, LlmsService } from './llms.service';
import { ApiDoc } from '../openapi/api-doc';
import { pageOf } from '../common/wire';
import { Llm, LlmProbe } from './llms.wire';

/** Any valid key may read the LLMs (never their keys; their endpoints: admin keys only); only admin keys change them. */
@Controller('llms')
export class LlmsController {
  constructor(private readonly service: LlmsService) {}

  @Get()
  @ApiDoc({
    summary: 'LLMs the agents may answer with',
    list: { filters: LLM_FILTERS },
    response: pageOf(Llm),
  })
  list(@Auth() auth: AuthContext, @Query() query: Record<string, unknown>) {
    return this.service.list(auth, query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get an LLM', response: Llm })
  get(@Auth() auth: AuthContext, @UuidParam('id', 'id') id: string) {
    return this.service.get(auth, id);
  }

  @Post()
  @ApiDoc({
    summary: 'Register an OpenAI-compatible LLM',
    body: CreateLlmSchema,
    response: Llm,
    errors: { 409: 'An LLM with this name exists' },
    bodyExample: { name: 'llama', provider: 'openai', endpoint: 'http://ollama:11434/v1', model: 'llama3.1' },
  })
  @AdminOnly()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateLlmSchema, body));
  }

  @Patch(':id')
  @ApiDoc({
    summary: 'Update an LLM',
    body: UpdateLlmSchema,
    response: Llm,
    errors: { 409: 'An LLM with this name exists, or another was made the default at the same moment' },
  })
  @AdminOnly()
  update(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.update(id, parseWith(UpdateLlmSchema, body));
  }

  /** Asks the model a short question: reachable, how fast, what it says (200 whatever the outcome). */
  @Post(':id/test')
  @ApiDoc({
    summary: 'Ask the LLM a short question (200 whatever the outcome; ok says it)',
    response: LlmProbe,
  })
  @AdminOnly()
  @HttpCode(200)
  test(@UuidParam('id', 'id') id: string, @Body() body: unknown) {
    return this.service.test(id, parseWith(ProbeSchema, body));
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete an LLM' })
  @AdminOnly()
  @HttpCode(204)
  delete(@UuidParam('id', 'id') id: string) {
    return this.service.delete(id);
  }
}
