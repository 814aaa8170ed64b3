{{/*
Names, labels and the derived settings every template shares.
*/}}

{{- define "trove.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Full name: a release whose name already contains the chart name keeps it, so
`helm install trove ...` gives `svc/trove` (what `kubectl port-forward svc/trove` expects).
*/}}
{{- define "trove.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "trove.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels: fixed for the life of a release (Deployment selectors are immutable). */}}
{{- define "trove.selectorLabels" -}}
app.kubernetes.io/name: {{ include "trove.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* The Trove server pods; the migration Job and the evaluation database use other components. */}}
{{- define "trove.serverSelectorLabels" -}}
{{ include "trove.selectorLabels" . }}
app.kubernetes.io/component: server
{{- end }}

{{- define "trove.labels" -}}
helm.sh/chart: {{ include "trove.chart" . }}
{{ include "trove.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: trove
{{- end }}

{{- define "trove.serverLabels" -}}
{{ include "trove.labels" . }}
app.kubernetes.io/component: server
{{- end }}

{{- define "trove.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "trove.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "trove.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{- define "trove.secretName" -}}
{{- default (include "trove.fullname" .) .Values.secrets.existingSecret }}
{{- end }}

{{- define "trove.postgresql.fullname" -}}
{{- printf "%s-postgresql" (include "trove.fullname" .) | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* The CloudNativePG Cluster's name: its operator names the Services `<name>-rw` / `-ro` and the Secret `<name>-app` after it. */}}
{{- define "trove.cnpg.name" -}}
{{- printf "%s-pg" (include "trove.fullname" .) | trunc 50 | trimSuffix "-" }}
{{- end }}

{{/* Whether TROVE_DATABASE_READ_URL points at the CloudNativePG Cluster's replicas (`<name>-ro`). */}}
{{- define "trove.cnpg.readsFromReplicas" -}}
{{- $cnpg := .Values.postgresql.cloudnativepg }}
{{- if and $cnpg.readFromReplicas (gt (int $cnpg.instances) 1) }}true{{ end }}
{{- end }}

{{/*
Where DATABASE_URL comes from: "external" (database.url or database.existingSecret),
"cloudnativepg" (a CloudNativePG Cluster of the release), "evaluation" (the chart's pgvector
StatefulSet) or "embedded" (no DATABASE_URL: PGlite in /data).
*/}}
{{- define "trove.databaseMode" -}}
{{- if or .Values.database.url .Values.database.existingSecret.name }}external
{{- else if .Values.postgresql.cloudnativepg.enabled }}cloudnativepg
{{- else if .Values.postgresql.evaluation.enabled }}evaluation
{{- else }}embedded
{{- end }}
{{- end }}

{{/*
The migration Job runs with an external database only. In embedded mode each pod owns
its database; the evaluation PostgreSQL is created by the release itself, after the
pre-install hooks, so its replicas migrate on start.
*/}}
{{- define "trove.migrationJob" -}}
{{- if and .Values.migrations.enabled (eq (include "trove.databaseMode" .) "external") }}true{{ end }}
{{- end }}

{{- define "trove.replicas" -}}
{{- if eq (include "trove.databaseMode" .) "embedded" }}1{{ else }}{{ .Values.replicaCount }}{{ end }}
{{- end }}

{{/* Checks that stop a release before it renders something that cannot work. */}}
{{- define "trove.validate" -}}
{{- $mode := include "trove.databaseMode" . }}
{{- if and .Values.oidc.issuer (not .Values.oidc.clientId) }}
{{- fail "oidc.clientId is required with oidc.issuer (TROVE_OIDC_CLIENT_ID)." }}
{{- end }}
{{- if and .Values.oidc.issuer (not (or .Values.oidc.clientSecret .Values.oidc.existingSecret)) }}
{{- fail "oidc.clientSecret or oidc.existingSecret is required with oidc.issuer (TROVE_OIDC_CLIENT_SECRET)." }}
{{- end }}
{{- if and .Values.oidc.clientSecret .Values.oidc.existingSecret }}
{{- fail "Set either oidc.clientSecret or oidc.existingSecret, not both." }}
{{- end }}
{{- if and .Values.database.url .Values.database.existingSecret.name }}
{{- fail "Set either database.url or database.existingSecret.name, not both." }}
{{- end }}
{{- if and .Values.database.url .Values.secrets.existingSecret }}
{{- fail "database.url is stored in the chart's Secret, which secrets.existingSecret replaces: put DATABASE_URL in your Secret and set database.existingSecret.name (and .key) instead." }}
{{- end }}
{{- if and .Values.autoscaling.enabled (not (or .Values.autoscaling.targetCPUUtilizationPercentage .Values.autoscaling.targetMemoryUtilizationPercentage)) }}
{{- fail "autoscaling.enabled needs targetCPUUtilizationPercentage or targetMemoryUtilizationPercentage." }}
{{- end }}
{{- if and (eq $mode "external") .Values.postgresql.evaluation.enabled }}
{{- fail "postgresql.evaluation.enabled conflicts with database.url / database.existingSecret: choose one database." }}
{{- end }}
{{- if and .Values.postgresql.cloudnativepg.enabled (or (eq $mode "external") .Values.postgresql.evaluation.enabled) }}
{{- fail "postgresql.cloudnativepg.enabled conflicts with database.url / database.existingSecret / postgresql.evaluation.enabled: choose one database." }}
{{- end }}
{{- if and (include "trove.cnpg.readsFromReplicas" .) .Values.database.readUrls }}
{{- fail "database.readUrls conflicts with postgresql.cloudnativepg.readFromReplicas (TROVE_DATABASE_READ_URL is the Cluster's -ro Service): set one." }}
{{- end }}
{{- if and (eq $mode "external") (not .Values.secrets.existingSecret) (not .Values.secrets.encryptionKey) }}
{{- fail "secrets.encryptionKey is required with an external database (generate one with `openssl rand -base64 32`), or put TROVE_ENCRYPTION_KEY in secrets.existingSecret." }}
{{- end }}
{{- if and (eq $mode "embedded") .Values.autoscaling.enabled }}
{{- fail "autoscaling.enabled needs a database: the embedded PGlite mode runs a single replica." }}
{{- end }}
{{- if and (eq $mode "embedded") .Values.podDisruptionBudget.enabled }}
{{- fail "podDisruptionBudget.enabled needs a database: the embedded PGlite mode runs a single replica, which a PodDisruptionBudget would make undrainable." }}
{{- end }}
{{- $stop := add .Values.lifecycle.preStopSleepSeconds .Values.config.shutdownGraceSeconds }}
{{- if and (not (kindIs "invalid" .Values.terminationGracePeriodSeconds)) (le (int .Values.terminationGracePeriodSeconds) (int $stop)) }}
{{- fail "terminationGracePeriodSeconds must be greater than lifecycle.preStopSleepSeconds + config.shutdownGraceSeconds, or Kubernetes kills Trove while it drains." }}
{{- end }}
{{- if ge (int .Values.config.shutdownDrainSeconds) (int .Values.config.shutdownGraceSeconds) }}
{{- fail "config.shutdownDrainSeconds must be less than config.shutdownGraceSeconds: the grace period includes the drain." }}
{{- end }}
{{- if and (not (kindIs "invalid" .Values.metrics.port)) (eq (int .Values.metrics.port) 8080) }}
{{- fail "metrics.port must differ from Trove's API port, 8080." }}
{{- end }}
{{- end }}

{{/* Seconds from a pod's termination to its kill: the preStop sleep, Trove's grace, a margin. */}}
{{- define "trove.terminationGracePeriodSeconds" -}}
{{- if kindIs "invalid" .Values.terminationGracePeriodSeconds }}
{{- add .Values.lifecycle.preStopSleepSeconds .Values.config.shutdownGraceSeconds 10 }}
{{- else }}
{{- .Values.terminationGracePeriodSeconds }}
{{- end }}
{{- end }}

{{/*
Host names /mcp accepts: mcp.allowedHosts, then the Service's own DNS names (each with
and without the Service port) for clients inside the cluster.
*/}}
{{- define "trove.mcpAllowedHosts" -}}
{{- $hosts := list }}
{{- range .Values.mcp.allowedHosts }}{{ $hosts = append $hosts . }}{{ end }}
{{- if .Values.mcp.allowServiceHosts }}
{{- $svc := include "trove.fullname" . }}
{{- $ns := .Release.Namespace }}
{{- range (list $svc (printf "%s.%s" $svc $ns) (printf "%s.%s.svc" $svc $ns) (printf "%s.%s.svc.%s" $svc $ns .Values.mcp.clusterDomain)) }}
{{- $hosts = append $hosts . }}
{{- $hosts = append $hosts (printf "%s:%v" . $.Values.service.port) }}
{{- end }}
{{- end }}
{{- join "," (uniq $hosts) }}
{{- end }}

{{/* The Service port Prometheus scrapes: `metrics` with a separate metrics port, else `http`. */}}
{{- define "trove.metricsPortName" -}}
{{- if kindIs "invalid" .Values.metrics.port }}http{{ else }}metrics{{ end }}
{{- end }}

{{/* Non-secret environment of the Trove server, the ConfigMap's data. */}}
{{- define "trove.configEnv" -}}
PORT: "8080"
{{- /* Outside a container Trove listens on loopback by default; a pod is reached on its own address. */}}
TROVE_HOST: "0.0.0.0"
TROVE_DATA_DIR: "/data"
TROVE_TMP_DIR: "/tmp"
TROVE_LOG_LEVEL: {{ .Values.config.logLevel | quote }}
TROVE_DB_POOL_SIZE: {{ .Values.database.poolSize | toString | quote }}
{{- /* /readyz answers a second before the probe gives up, whatever the database does. */}}
TROVE_READYZ_TIMEOUT_MS: {{ max 500 (sub (mul (int .Values.probes.readiness.timeoutSeconds) 1000) 1000) | toString | quote }}
TROVE_MIGRATE_ON_START: {{ if include "trove.migrationJob" . }}"false"{{ else }}"true"{{ end }}
TROVE_SHUTDOWN_GRACE_SECONDS: {{ .Values.config.shutdownGraceSeconds | toString | quote }}
TROVE_SHUTDOWN_DRAIN_SECONDS: {{ .Values.config.shutdownDrainSeconds | toString | quote }}
{{- with .Values.config.trustedProxies }}
TROVE_TRUSTED_PROXIES: {{ join "," . | quote }}
{{- end }}
{{- if not (kindIs "invalid" .Values.metrics.port) }}
TROVE_METRICS_PORT: {{ .Values.metrics.port | toString | quote }}
{{- end }}
TROVE_EMBEDDING_TIMEOUT_MS: {{ .Values.config.embeddingTimeoutMs | toString | quote }}
TROVE_MCP_ALLOWED_HOSTS: {{ include "trove.mcpAllowedHosts" . | quote }}
TROVE_MCP_SESSION_STORE: {{ .Values.mcp.sessionStore | quote }}
TROVE_MCP_SESSION_IDLE_SECONDS: {{ .Values.mcp.sessionIdleSeconds | toString | quote }}
TROVE_MCP_TOOL_SCHEMAS: {{ .Values.mcp.toolSchemas | quote }}
TROVE_JOBS_WORKER: {{ .Values.config.jobsWorker | toString | quote }}
TROVE_UI_ENABLED: {{ .Values.config.uiEnabled | toString | quote }}
TROVE_HNSW_M: {{ .Values.config.vectorIndex.m | toString | quote }}
TROVE_HNSW_EF_CONSTRUCTION: {{ .Values.config.vectorIndex.efConstruction | toString | quote }}
TROVE_HNSW_EF_SEARCH: {{ .Values.config.vectorIndex.efSearch | toString | quote }}
TROVE_EXACT_SEARCH_BELOW: {{ .Values.config.vectorIndex.exactSearchBelow | toString | quote }}
TROVE_SEARCH_RECALL_TARGET: {{ .Values.config.vectorIndex.recallTarget | toString | quote }}
TROVE_SEARCH_RECALL_SAMPLE_EVERY: {{ .Values.config.vectorIndex.recallSampleEvery | toString | quote }}
TROVE_INDEX_BUILD_MEMORY_MB: {{ .Values.config.vectorIndex.buildMemoryMb | toString | quote }}
TROVE_INDEX_BUILD_WORKERS: {{ .Values.config.vectorIndex.buildWorkers | toString | quote }}
TROVE_LLM_TIMEOUT_MS: {{ .Values.config.llm.timeoutMs | toString | quote }}
TROVE_LLM_MAX_RETRIES: {{ .Values.config.llm.maxRetries | toString | quote }}
TROVE_AGENT_SEARCH_K: {{ .Values.config.agents.searchK | toString | quote }}
TROVE_AGENT_MAX_TOOL_STEPS: {{ .Values.config.agents.maxToolSteps | toString | quote }}
TROVE_AGENT_HEARTBEAT_SECONDS: {{ .Values.config.agents.heartbeatSeconds | toString | quote }}
TROVE_OAUTH_CLIENT_METADATA_DOCUMENTS: {{ .Values.config.clientMetadataDocuments.enabled | toString | quote }}
TROVE_OAUTH_CLIENT_METADATA_ALLOW_PRIVATE: {{ .Values.config.clientMetadataDocuments.allowPrivate | toString | quote }}
TROVE_OPERATOR_ENABLED: {{ .Values.operator.enabled | toString | quote }}
TROVE_OPERATOR_LEASE_NAME: {{ .Values.operator.leaseName | quote }}
TROVE_OPERATOR_RESYNC_SECONDS: {{ .Values.operator.resyncSeconds | toString | quote }}
{{- with .Values.operator.watchNamespace }}
TROVE_OPERATOR_NAMESPACE: {{ . | quote }}
{{- end }}
{{- if .Values.oidc.issuer }}
TROVE_OIDC_ISSUER: {{ .Values.oidc.issuer | quote }}
TROVE_OIDC_CLIENT_ID: {{ .Values.oidc.clientId | quote }}
TROVE_OIDC_SCOPES: {{ join " " .Values.oidc.scopes | quote }}
TROVE_OIDC_CLAIMS: {{ join "," .Values.oidc.claims | quote }}
{{- end }}
{{- end }}

{{/* The Secret and key of the identity provider's client secret. */}}
{{- define "trove.oidcSecretName" -}}
{{- .Values.oidc.existingSecret | default (printf "%s-oidc" (include "trove.fullname" .)) }}
{{- end }}
{{- define "trove.oidcSecretKey" -}}
{{- if .Values.oidc.existingSecret }}{{ .Values.oidc.existingSecretKey }}{{ else }}client-secret{{ end }}
{{- end }}

{{/*
DATABASE_URL as EnvVars, when it does not come from the chart's Secret (or
secrets.existingSecret) through envFrom: the evaluation PostgreSQL's password, or
database.existingSecret. An explicit env entry wins over envFrom.
*/}}
{{- define "trove.databaseEnv" -}}
{{- if eq (include "trove.databaseMode" .) "evaluation" }}
- name: POSTGRES_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "trove.postgresql.fullname" . }}
      key: password
- name: DATABASE_URL
  value: {{ printf "postgres://%s:$(POSTGRES_PASSWORD)@%s:5432/%s" (.Values.postgresql.evaluation.username | urlquery) (include "trove.postgresql.fullname" .) .Values.postgresql.evaluation.database | quote }}
{{- else if eq (include "trove.databaseMode" .) "cloudnativepg" }}
{{- $cluster := include "trove.cnpg.name" . }}
# The operator's `<cluster>-app` Secret: its uri names the primary's Service, `<cluster>-rw`.
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $cluster }}-app
      key: uri
{{- if include "trove.cnpg.readsFromReplicas" . }}
- name: CNPG_APP_USERNAME
  valueFrom:
    secretKeyRef:
      name: {{ $cluster }}-app
      key: username
- name: CNPG_APP_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $cluster }}-app
      key: password
# Searches read from the replicas through `<cluster>-ro` (the operator generates URL-safe passwords).
- name: TROVE_DATABASE_READ_URL
  value: {{ printf "postgres://$(CNPG_APP_USERNAME):$(CNPG_APP_PASSWORD)@%s-ro:5432/%s" $cluster .Values.postgresql.cloudnativepg.database | quote }}
{{- end }}
{{- else if .Values.database.existingSecret.name }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ .Values.database.existingSecret.name }}
      key: {{ .Values.database.existingSecret.key }}
{{- end }}
{{- end }}

{{/*
The pods' checksum of the chart's Secret: of the values it is made from, not of the
rendered Secret. A value the chart generates is kept across upgrades by lookup, but
`helm template` (Argo CD, CI) has no cluster to look up and generates anew on every
render: the pods must not roll for that.
*/}}
{{- define "trove.secretChecksum" -}}
{{- $values := dict "database" (pick .Values.database "url" "readUrls") "secrets" .Values.secrets }}
{{- /* The identity provider's client secret too, when one is configured (the defaults' checksum stays as it was). */}}
{{- if .Values.oidc.issuer }}
{{- $_ := set $values "oidc" (pick .Values.oidc "clientSecret" "existingSecret" "existingSecretKey") }}
{{- end }}
{{- toJson $values | sha256sum }}
{{- end }}

{{/* The value a chart-managed secret key keeps across upgrades (lookup), or the given one, or a generated one. */}}
{{- define "trove.secretValue" -}}
{{- $given := index . 0 }}
{{- $existing := index . 1 }}
{{- $key := index . 2 }}
{{- if $given }}
{{- $given }}
{{- else if and $existing (index ($existing.data | default dict) $key) }}
{{- index $existing.data $key | b64dec }}
{{- else }}
{{- index . 3 }}
{{- end }}
{{- end }}

{{- define "trove.podSecurity" -}}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end }}
