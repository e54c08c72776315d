import type { BenchResults } from './results';

/** The results as Markdown tables (pasted as is into docs/performance.md). */
export function printReport(results: BenchResults) {
  const { machine, floor } = results;
  const lines: string[] = [];
  const table = (headers: string[], rows: (string | number)[][]) => {
    lines.push(
      `| ${headers.join(' | ')} |`,
      `|${headers.map(() => '---').join('|')}|`,
      ...rows.map((row) => `| ${row.join(' | ')} |`),
      '',
    );
  };
  lines.push(
    `Growthwise bench${results.quick ? ` (--${results.mode ?? 'quick'}: shortened phases, not for the record)` : ''}, ${results.startedAt}, ${results.durationSeconds} s`,
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, ${machine.platform}; load average at the end ${machine.loadAverageAtEnd.join(' ')}`,
    '',
    'API latency through the local emulator against DynamoDB Local: p50/p95/p99 for one client, each request followed by the same',
    "DynamoDB calls sent straight to DynamoDB Local (the route's floor); req/s and loaded p99 from autocannon at the connections shown.",
    '',
  );
  table(
    ['route', 'DB calls', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'loaded p99 ms', 'floor p50 ms', 'p50 ÷ floor', 'errors'],
    [
      ['DynamoDB GetItem alone', 1, floor.getItem.p50, floor.getItem.p95, floor.getItem.p99, '', '', '', '', ''],
      ['DynamoDB Query of 200 projects alone', 1, floor.query.p50, floor.query.p95, floor.query.p99, '', '', '', '', ''],
      ...results.api.map((r) => [
        r.route,
        r.dbCalls,
        r.p50,
        r.p95,
        r.p99,
        `${r.rps} (${r.throughputConnections} conn)`,
        r.loadedP99,
        r.floorMs,
        r.ratio,
        r.errors,
      ]),
    ],
  );
  if (results.signInAnswers) {
    const answers = results.signInAnswers;
    lines.push(
      `Sign-in answers that must not tell whether an account exists (POST /api/login, a wrong password, ${answers.samples} of each in turn, each account failing once):`,
      '',
    );
    table(
      ['answer', 'known email p50 ms', 'unknown email p50 ms'],
      [['401 wrong password', answers.knownEmailWrongPasswordP50, answers.unknownEmailP50]],
    );
  }
  lines.push('Scale (1 connection):', '');
  table(
    ['case', 'items', 'DB calls', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s'],
    results.scale.map((s) => [s.case, s.items, s.dbCalls, s.p50, s.p95, s.p99, s.rps]),
  );
  lines.push(
    `Cold start (fresh Node process: import the bundle + serve one request; median of ${results.coldStart.figures[0]?.runs ?? 0}, minus an empty process of ${results.coldStart.emptyProcessMs} ms). Each handler run is paired with a run of the reference just before it; "over the reference" is the median of the pairs' differences, what the handler adds to the SDK's own cold start; "CPU over the reference" the same for the processes' CPU time (all their threads; not their waits on DynamoDB Local); "beyond its DynamoDB calls" the same less how much longer the route's own DynamoDB calls took than the reference's GetItem (reported, not judged):`,
    '',
  );
  table(
    [
      'handler',
      'bundle KB',
      'cold ms',
      'over the reference ms',
      'import ms',
      'import over the reference ms',
      'first request ms',
      'CPU over the reference ms',
      'over the reference beyond its DynamoDB calls ms',
      'status',
    ],
    [results.coldStart.reference, ...results.coldStart.figures].map((c) => [
      c.handler,
      c.bundleKb,
      c.coldMs,
      c.overReferenceMs ?? '',
      c.importMs,
      c.importOverReferenceMs ?? '',
      c.firstRequestMs,
      c.cpuOverReferenceMs ?? '',
      c.beyondDbOverReferenceMs ?? '',
      c.status,
    ]),
  );
  const { mail } = results;
  lines.push('Mail through the local outbox (stream poll → mailer → SMTP → maildev):', '');
  table(
    ['mails written at once', 'all in the inbox after s', 'mails/s', 'password reset → inbox p50 ms', 'p95 ms', 'samples'],
    [[mail.mails, mail.seconds, mail.mailsPerSecond, mail.delayP50, mail.delayP95, mail.delaySamples]],
  );
  if (results.automations) {
    lines.push('Automations (a status change → the change bus stand-in → the rule’s comment listed):', '');
    table(
      ['changes', 'change → action visible p50 ms', 'p95 ms'],
      [[results.automations.samples, results.automations.p50, results.automations.p95]],
    );
  }
  if (results.webhooks) {
    lines.push('Webhooks (a status change → the change bus stand-in → the signed delivery on a receiver here):', '');
    table(
      ['changes', 'change → delivery received p50 ms', 'p95 ms'],
      [[results.webhooks.samples, results.webhooks.p50, results.webhooks.p95]],
    );
  }
  if (results.apiKeys) {
    lines.push('API keys (GET /api/projects, a session and a key alternated):', '');
    table(
      ['samples each', 'session p50 ms', 'key p50 ms', 'key ÷ session'],
      [[results.apiKeys.samples, results.apiKeys.sessionP50, results.apiKeys.keyP50, results.apiKeys.ratio]],
    );
  }
  if (results.assistant) {
    const { recommendations } = results.assistant;
    lines.push('Assistant (a summary with the local provider; the recommendations at two sizes, alternated):', '');
    table(
      [
        'samples',
        'summary p50 ms',
        'small projects',
        'recommendations p50 ms',
        'large projects',
        'recommendations p50 ms',
        'large ÷ small',
      ],
      [
        [
          results.assistant.samples,
          results.assistant.summaryLocalP50,
          recommendations.smallProjects,
          recommendations.smallP50,
          recommendations.largeProjects,
          recommendations.largeP50,
          recommendations.ratio,
        ],
      ],
    );
  }
  lines.push('Web, first load (gzip -9; /dashboard with its lazily loaded charts):', '');
  table(
    ['page', 'JS KB', 'CSS KB', 'files'],
    results.web.firstLoad.map((w) => [w.page, w.jsGzipKb, w.cssGzipKb, w.files]),
  );
  lines.push('Lighthouse 12.8, mobile preset:', '');
  table(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'TBT ms', 'audits below 1'],
    results.web.lighthouse.map((l) => [
      l.page,
      l.performance,
      l.accessibility,
      l.bestPractices,
      l.seo,
      l.lcpMs,
      l.tbtMs,
      l.failedAudits.join(', ') || '—',
    ]),
  );
  for (const page of results.web.lighthouse)
    if (page.consoleErrors.length) lines.push(`Console errors on ${page.page}: ${page.consoleErrors.join('; ')}`, '');
  lines.push(
    'Browser (Chromium, 1366 × 850): navigation → first /projects rows drawn, and last key in Cmd/Ctrl+K → its results drawn (bench/browser-scale.ts):',
    '',
  );
  table(
    ['organization', 'first rows p50 ms', 'first rows, each run ms', 'palette p50 ms', 'palette, each query ms'],
    results.browser.map((b) => [b.organization, b.firstRowsP50, b.firstRowsMs.join(', '), b.paletteP50, b.paletteMs.join(', ')]),
  );
  const { load } = results;
  lines.push(
    `Load: ${load.clients} clients, ${load.seconds} s, mix ${Object.entries(load.byKind)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(', ')}`,
    '',
  );
  // The model of docs/scale.md counts people by requests per user-hour; this is the same count for the measured mix.
  lines.push(
    `Mix as a person's hour: ${load.requestsPerUserHour} requests per user-hour (the unread poll every 30 s sets the pace); this run's throughput serves ${load.usersServed} such users at once`,
    '',
  );
  table(
    [
      'requests',
      'errors',
      'req/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'rss at 10 s MB',
      'rss at end MB',
      'slope MB/min',
      'live heap after GC at 10 s → end MB',
    ],
    [
      [
        load.requests,
        load.errors,
        load.rps,
        load.p50,
        load.p95,
        load.p99,
        load.memory.rssAt10sMb,
        load.memory.rssAtEndMb,
        load.memory.slopeMbPerMin,
        `${load.liveHeap.rssAt10sMb} → ${load.liveHeap.rssAtEndMb}`,
      ],
    ],
  );
  if (load.errorSamples.length) lines.push(`Load errors (first ones): ${load.errorSamples.join('; ')}`, '');
  lines.push('Goals:', '');
  table(
    ['goal', 'actual', 'met'],
    results.goals.map((g) => [g.goal, g.actual, g.met ? 'yes' : '**no**']),
  );
  console.log(lines.join('\n'));
}
