import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
  Put,
  Query,
  UseFilters,
} from '@nestjs/common';
import { AuthContext } from '../auth/auth-context';
import { AcceptsBearer, Auth, RequireScope } from '../auth/auth.guard';
import { parseBounded, parseWith } from '../common/validation';
import { SETTINGS, Settings } from '../config/settings';
import { ApiErrorFilter } from './api-error.filter';
import {
  ArchiveGroupsQuerySchema,
  DetailQuerySchema,
  FEEDBACK_JSON_FIELDS,
  FeedbackSchema,
  ListArchivesQuerySchema,
  ListConversationsQuerySchema,
  pathObjectId,
  ProjectSchema,
  ProjectVisibilitySchema,
  TitleSchema,
} from './conversations.dto';
import { ConversationsService } from './conversations.service';
import { Request, RequestInfo } from './request-info';
import { ApiDoc } from '../openapi/api-doc';
import {
  Archived,
  ArchivedConversationsPage,
  ArchivedGroups,
  ConversationDeleted,
  ConversationDetail,
  ConversationsPage,
  FeedbackGiven,
  ProjectChanged,
  ProjectVisibilityChanged,
  TitleChanged,
  Unarchived,
} from './wire/answers';

const conversationId = (value: string) => pathObjectId('conversationId', value);

/** Agents API: conversation reads and management (ops 6, 7, 14, 16–23). */
@Controller('api/v1/agents')
@UseFilters(ApiErrorFilter)
@AcceptsBearer()
export class ConversationsController {
  constructor(
    private readonly service: ConversationsService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  @Get('conversations/show/archives')
  @ApiDoc({
    summary: "The caller's archived conversations, grouped by agent",
    query: ArchiveGroupsQuerySchema,
    response: ArchivedGroups,
  })
  @RequireScope('agent:read')
  archiveGroups(
    @Auth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
    @Request() info: RequestInfo,
  ) {
    const { agentPage, agentLimit } = parseWith(ArchiveGroupsQuerySchema, query);
    return this.service.archiveGroups(auth, agentPage, agentLimit, info);
  }

  @Get(':agentKey/conversations/show/archives')
  @ApiDoc({
    summary: "The caller's archived conversations with an agent",
    query: ListArchivesQuerySchema,
    response: ArchivedConversationsPage,
  })
  @RequireScope('agent:read')
  archives(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Query() query: Record<string, unknown>,
    @Request() info: RequestInfo,
  ) {
    return this.service.archives(auth, agentKey, parseWith(ListArchivesQuerySchema, query), query, info);
  }

  @Get(':agentKey/conversations')
  @ApiDoc({
    summary: "The caller's conversations with an agent, and those shared with them",
    query: ListConversationsQuerySchema,
    response: ConversationsPage,
  })
  @RequireScope('agent:read')
  list(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Query() query: Record<string, unknown>,
    @Request() info: RequestInfo,
  ) {
    return this.service.list(auth, agentKey, parseWith(ListConversationsQuerySchema, query), query, info);
  }

  @Get(':agentKey/conversations/:conversationId')
  @ApiDoc({
    summary: 'A conversation and a page of its messages',
    query: DetailQuerySchema,
    response: ConversationDetail,
  })
  @RequireScope('agent:read')
  detail(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Query() query: Record<string, unknown>,
    @Request() info: RequestInfo,
  ) {
    const parsed = parseWith(DetailQuerySchema, query);
    return this.service.detail(auth, agentKey, conversationId(conversation), parsed, query, info);
  }

  @Post(':agentKey/conversations/:conversationId/message/:messageId/feedback')
  @ApiDoc({
    summary: 'Feedback on an answer',
    body: FeedbackSchema,
    bodyName: 'MessageFeedbackSubmitRequest',
    response: FeedbackGiven,
  })
  @HttpCode(200)
  @RequireScope('agent:execute')
  feedback(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Param('messageId') message: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
  ) {
    const dto = parseBounded(
      FeedbackSchema,
      body,
      FEEDBACK_JSON_FIELDS,
      this.settings.limits.metadataMaxBytes,
    );
    return this.service.feedback(
      auth,
      agentKey,
      conversationId(conversation),
      pathObjectId('messageId', message),
      dto,
      info,
    );
  }

  @Post(':agentKey/conversations/:conversationId/archive')
  @ApiDoc({ summary: 'Archive a conversation', response: Archived })
  @HttpCode(200)
  @RequireScope('agent:write')
  archive(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Request() info: RequestInfo,
  ) {
    return this.service.archive(auth, agentKey, conversationId(conversation), info);
  }

  @Post(':agentKey/conversations/:conversationId/unarchive')
  @ApiDoc({ summary: 'Unarchive a conversation', response: Unarchived })
  @HttpCode(200)
  @RequireScope('agent:write')
  unarchive(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Request() info: RequestInfo,
  ) {
    return this.service.unarchive(auth, agentKey, conversationId(conversation), info);
  }

  @Patch(':agentKey/conversations/:conversationId/title')
  @ApiDoc({
    summary: 'Rename a conversation',
    body: TitleSchema,
    bodyName: 'ConversationTitleUpdateRequest',
    response: TitleChanged,
  })
  @RequireScope('agent:write')
  title(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Body() body: unknown,
    @Request() info: RequestInfo,
  ) {
    const { title } = parseWith(TitleSchema, body);
    return this.service.setTitle(auth, agentKey, conversationId(conversation), title, info);
  }

  @Put(':agentKey/conversations/:conversationId/project')
  @ApiDoc({
    summary: 'Put a conversation in a project (or none)',
    body: ProjectSchema,
    response: ProjectChanged,
  })
  @RequireScope('agent:write')
  project(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Body() body: unknown,
  ) {
    const { projectId } = parseWith(ProjectSchema, body);
    return this.service.setProject(auth, agentKey, conversationId(conversation), projectId);
  }

  @Patch(':agentKey/conversations/:conversationId/project-visibility')
  @ApiDoc({
    summary: 'Who in the project sees the conversation',
    body: ProjectVisibilitySchema,
    response: ProjectVisibilityChanged,
  })
  @RequireScope('agent:write')
  projectVisibility(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
    @Body() body: unknown,
  ) {
    const { visibility } = parseWith(ProjectVisibilitySchema, body);
    return this.service.setProjectVisibility(auth, agentKey, conversationId(conversation), visibility);
  }

  @Delete(':agentKey/conversations/:conversationId')
  @ApiDoc({ summary: 'Delete a conversation (idempotent)', response: ConversationDeleted })
  @RequireScope('agent:write')
  delete(
    @Auth() auth: AuthContext,
    @Param('agentKey') agentKey: string,
    @Param('conversationId') conversation: string,
  ) {
    return this.service.delete(auth, agentKey, conversationId(conversation));
  }
}
