import { BOARDS } from './test/bench/render-boards.js';
import { boardCanvas } from './src/render/common/index.js';
import { drawKairoBoard, kairoBoardLayout } from './src/games/kairo/render/index.js';
import { drawIstanbulBoard, istanbulBoardLayout } from './src/games/istanbul/render/index.js';
import zlib from 'node:zlib';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
for (const name of ['kairo 4p late', 'istanbul 5p 5x4 Letters & Seals']) {
  const job: any = BOARDS[name];
  const layout = job.game === 'kairo' ? kairoBoardLayout(job.view) : istanbulBoardLayout(job.view);
  const canvas = boardCanvas(layout.width, layout.height);
  const ctx = canvas.getContext('2d');
  const t = { draw: 0, data: 0, deflate: 0 };
  for (let i = 0; i < 40; i++) {
    let c0 = cpu();
    ctx.save();
    if (job.game === 'kairo') drawKairoBoard(ctx, job.view, job.options, layout); else drawIstanbulBoard(ctx, job.view, job.options, layout);
    ctx.restore();
    let c1 = cpu(); const d = canvas.data(); let c2 = cpu();
    zlib.deflateSync(d, { level: 1 }); let c3 = cpu();
    if (i >= 10) { t.draw += c1 - c0; t.data += c2 - c1; t.deflate += c3 - c2; }
  }
  console.log(name, 'draw', (t.draw / 30).toFixed(1), 'data', (t.data / 30).toFixed(1), 'deflate', (t.deflate / 30).toFixed(1));
}
