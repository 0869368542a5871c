import { createCanvas } from '@napi-rs/canvas';
const W=1600,H=1010;
const layer = createCanvas(W,H); const l = layer.getContext('2d');
l.fillStyle='#2a1f1a'; l.fillRect(0,0,W,H);
for (let i=0;i<400;i++){ l.fillStyle=`hsl(${i},50%,50%)`; l.beginPath(); l.arc((i*37)%W,(i*91)%H,30,0,7); l.fill(); l.font='16px sans-serif'; l.fillText('Hello world '+i, (i*53)%W, (i*17)%H); }
layer.data();
const img = l.getImageData(0,0,W,H);
const target = createCanvas(W,H); const c = target.getContext('2d');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function time(name: string, f: () => void){ for(let i=0;i<5;i++){f(); target.data();} let d=0,r=0; for(let i=0;i<30;i++){ const a=cpu(); f(); const b=cpu(); target.data(); const e=cpu(); d+=b-a; r+=e-b;} console.log(name.padEnd(28), 'draw', (d/30).toFixed(2), 'data()', (r/30).toFixed(2)); }
time('nothing', ()=>{});
time('small fillRect', ()=>{ c.fillRect(0,0,10,10); });
time('full fillRect', ()=>{ c.fillStyle='#000'; c.fillRect(0,0,W,H); });
time('drawImage(canvas)', ()=>{ c.drawImage(layer,0,0); });
time('putImageData', ()=>{ c.putImageData(img,0,0); });
time('drawImage + 200 texts', ()=>{ c.drawImage(layer,0,0); c.fillStyle='#fff'; c.font='14px sans-serif'; for(let i=0;i<200;i++) c.fillText('Text '+i,(i*41)%W,(i*23)%H); });
time('drawImage + 200 arcs', ()=>{ c.drawImage(layer,0,0); c.fillStyle='#f00'; for(let i=0;i<200;i++){ c.beginPath(); c.arc((i*41)%W,(i*23)%H,12,0,7); c.fill(); } });
time('drawImage + 200 shadows', ()=>{ c.drawImage(layer,0,0); c.fillStyle='#f00'; c.shadowColor='rgba(0,0,0,0.5)'; c.shadowBlur=6; for(let i=0;i<200;i++){ c.beginPath(); c.arc((i*41)%W,(i*23)%H,12,0,7); c.fill(); } c.shadowBlur=0; c.shadowColor='transparent'; });
