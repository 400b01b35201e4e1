// Long jobs: the bot watches a started job (check_jobs over MCP) and tells the asker once when it finishes
// or fails; the watched list is persisted, so the notice still arrives after the bot restarts.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { STATE_FILE } from '../../bot/state.js'
import { startFakeBotApi } from '../helpers/fake-bot-api.js'
import { startFakeLlm } from '../helpers/fake-llm.js'
import { startBot, startToolServer } from './harness.js'

const alice = { id: 111, first_name: 'Alice' }
const startJob = { toolCalls: [{ name: 'media_optimize', args: { file: 'a.mkv' } }] }

function watched (stateDir: string) {
  return JSON.parse(readFileSync(join(stateDir, STATE_FILE), 'utf8')).jobs as Array<{ chatId: number, jobId: string }>
}

t.test('a finished job is reported once, with its result', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [startJob, { text: 'Optimizing a.mkv now.' }])
  t.teardown(async () => { await api.close(); await llm.close() })
  const bot = await startBot(t, { api, server, llmUrl: llm.url })
  const { stateDir } = bot

  api.sendText(alice, 'optimize a.mkv')
  const reply = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Optimizing')), undefined, 'the reply')
  t.equal(reply.text, 'Optimizing a.mkv now.\n\n⏳ I will message you when the job finishes.')
  const [job] = server.app.jobs.list()
  t.same(watched(stateDir).map(j => [j.chatId, j.jobId]), [[alice.id, job.id]], 'the watch is persisted')
  const messagesBefore = api.sentTo(alice.id).length

  server.releaseJobs()
  const notice = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('✅')), undefined, 'the job notice')
  const record = server.app.jobs.get(job.id)!
  t.equal(notice.text, `✅ Finished: Optimize a.mkv\n${record.message}\nResult: {"savedBytes":1234,"file":"a.mkv"}`)
  // The watch ends with the notice (nothing is left to check the job again); stopped, the bot can send nothing more.
  await api.waitFor(() => bot.chatBot.internals.watcher.size === 0, undefined, 'the watch to end')
  await bot.stop()
  t.equal(api.sentTo(alice.id).length, messagesBefore + 1, 'exactly one notice')
  t.same(watched(stateDir), [], 'no longer watched')
  t.equal(llm.requests.length, 2, 'watching needs no model')
})

t.test('a job that finishes while the bot is down is reported after the restart; failures too', async t => {
  const server = await startToolServer(t)
  const api = await startFakeBotApi()
  const llm = await startFakeLlm('openai', [startJob, { text: 'Started.' }, startJob, { text: 'Started again.' }])
  t.teardown(async () => { await api.close(); await llm.close() })
  const first = await startBot(t, { api, server, llmUrl: llm.url })

  api.sendText(alice, 'optimize a.mkv')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Started.')), undefined, 'the reply')
  await first.stop()
  t.equal(watched(first.stateDir).length, 1, 'the watch survived the stop')

  server.releaseJobs() // finishes while nobody watches
  const [job] = server.app.jobs.list()
  await server.app.jobs.wait(job.id, 5_000)
  t.equal(server.app.jobs.get(job.id)!.status, 'succeeded')

  await startBot(t, { api, server, llmUrl: llm.url, stateDir: first.stateDir })
  const notice = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('✅ Finished: Optimize a.mkv')), undefined, 'the notice after restart')
  t.match(notice.text, /savedBytes/)
  await api.waitFor(() => watched(first.stateDir).length === 0, undefined, 'the state emptied')

  api.sendText(alice, 'optimize it again')
  await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('Started again.')), undefined, 'the second reply')
  server.releaseJobs({ fail: 'ffmpeg exited with code 1: invalid data' })
  const failed = await api.waitFor(() => api.sentTo(alice.id).find(m => m.text.startsWith('❌')), undefined, 'the failure notice')
  t.match(failed.text, /^❌ Failed: Optimize a\.mkv\n/)
})
