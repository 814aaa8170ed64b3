import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AdminOnly } from '../auth/auth.guard';
import { requireUuid } from '../common/ids';
import { parseWith } from '../common/validation';
import { CreateLlmSchema, UpdateLlmSchema } from './llms.dto';
import { LlmsService } from './llms.service';
import { ApiDoc } from '../openapi/api-doc';
import { Llm, pageOf } from '../openapi/wire-schemas';

/** Any valid key may read the LLMs (never their keys); only admin keys change them. */
@Controller('llms')
export class LlmsController {
  constructor(private readonly service: LlmsService) {}

  @Get()
  @ApiDoc({ summary: 'LLMs the agents may answer with', response: pageOf(Llm) })
  list(@Query() query: Record<string, unknown>) {
    return this.service.list(query);
  }

  @Get(':id')
  @ApiDoc({ summary: 'Get an LLM', response: Llm })
  get(@Param('id') id: string) {
    return this.service.get(requireUuid(id, 'id'));
  }

  @Post()
  @ApiDoc({
    summary: 'Register an OpenAI-compatible LLM',
    body: CreateLlmSchema,
    response: Llm,
    bodyExample: { name: 'llama', provider: 'openai', endpoint: 'http://ollama:11434/v1', model: 'llama3.1' },
  })
  @AdminOnly()
  create(@Body() body: unknown) {
    return this.service.create(parseWith(CreateLlmSchema, body));
  }

  @Patch(':id')
  @ApiDoc({ summary: 'Update an LLM', body: UpdateLlmSchema, response: Llm })
  @AdminOnly()
  update(@Param('id') id: string, @Body() body: unknown) {
    return this.service.update(requireUuid(id, 'id'), parseWith(UpdateLlmSchema, body));
  }

  @Delete(':id')
  @ApiDoc({ summary: 'Delete an LLM' })
  @AdminOnly()
  @HttpCode(204)
  delete(@Param('id') id: string) {
    return this.service.delete(requireUuid(id, 'id'));
  }
}
