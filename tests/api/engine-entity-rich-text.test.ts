// Protects: rich text is sanitised on write: the editor's output (images of our own uploads included) is kept byte for byte, script, foreign markup and images from anywhere else never reach a consumer.
/**
 * Rich text is sanitised on the server on write, for every `richText` field of every entity
 * (the brand's brand story today): what the admin's editor (tiptap StarterKit) writes is stored
 * byte for byte, while script, event handlers, `javascript:`/`data:` URLs, styles and foreign
 * elements never reach an API consumer. If this fails, a client that posts HTML directly can
 * plant script that every other consumer of the API receives.
 */
import { describe, expect, it } from 'vitest';
import { entityList } from '../../src/schema/entities';
import type { Entity } from '../../src/schema/engine/entity';
import { call } from '../helpers/api';
import { hasRoute, routeOf, urlOf } from '../helpers/entity-bodies';
import { apiSuite } from '../helpers/api-suite';
import { testDialects } from '../helpers/test-db';

/** The server's PUBLIC_URL in this file: uploads are answered under it. */
const PUBLIC_URL = 'https://shop.example.com';

/** Every node and mark of the editor, serialised as tiptap's getHTML (a browser's innerHTML) does. */
const EDITOR_OUTPUT = [
  '<h1>Brand story</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
  '<p>Plain <strong>bold</strong> <em>italic</em> <s>struck</s> <u>underlined</u> <code>a &lt; b</code> ',
  '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">link</a>',
  '<br>after a break: 1 &amp; 2 &gt; 0, "quoted" \'single\' no&nbsp;break 品牌故事 😀</p>',
  '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol start="3"><li><p>three</p></li></ol>',
  '<blockquote><p>quoted</p></blockquote><pre><code class="language-ts">const a = 1 &lt; 2;</code></pre><hr><p></p>',
  // The image button's insertions: an upload as POST /minio/upload answers it, relative or under PUBLIC_URL.
  `<img src="/uploads/2026/11/0b2f0c1e-1111-4222-8333-444455556666.png" alt="canvas tote"><p>after</p>`,
  `<img src="${PUBLIC_URL}/uploads/2026/11/0b2f0c1e-1111-4222-8333-444455556667.jpg" alt="品牌">`,
].join('');

/** Attacks, each with text that must survive around it. */
const ATTACKS = [
  '<p>keep</p><script>alert(1)</script>',
  '<p onclick="alert(1)" onmouseover=alert(2)>keep</p>',
  '<p>keep<img src=x onerror=alert(1)></p>',
  '<p><a href="javascript:alert(1)">keep</a></p>',
  '<p><a href="JaVaScRiPt&#58;alert(1)">keep</a></p>',
  '<p><a href="&#106;avascript:alert(1)">keep</a></p>',
  '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">keep</a></p>',
  '<p style="background:url(javascript:alert(1))">keep</p>',
  '<iframe src="https://evil.example"></iframe><p>keep</p>',
  '<svg onload=alert(1)><a xlink:href="javascript:alert(1)">keep</a></svg>',
  '<p>keep</p><style>body{display:none}</style><object data="x"></object><embed src="x">',
  '<<script>script>alert(1)<</script>/script><p>keep</p>',
  '<form action="https://evil.example"><input name=x><button>keep</button></form>',
  // Images from anywhere but our own uploads go whole.
  '<p>keep</p><img src="https://evil.example/uploads/2026/11/a.png" alt="evil">',
  '<p>keep</p><img src="//evil.example/uploads/2026/11/a.png">',
  '<p>keep</p><img src="data:image/png;base64,iVBORw0KGgo=">',
  '<p>keep</p><img src="javascript:alert(1)//uploads/a.png">',
  '<p>keep</p><img src="/uploads/../../etc/evil.png">',
  '<p>keep</p><img src="/uploads/2026/11/a.svg">',
  '<p>keep</p><img src="/uploads/2026/11/a.png?evil=1">',
  `<p>keep</p><img src="${PUBLIC_URL}.evil.example/uploads/2026/11/a.png">`,
  `<p>keep</p><img src="https://user@${PUBLIC_URL.slice('https://'.length)}/uploads/2026/11/evil.png">`,
  '<p><code class="language-ts evil" onclick="x">keep</code></p>',
];

const FORBIDDEN = [/<script/i, /<\/script/i, /\son\w+\s*=/i, /javascript:/i, /javascript&#/i, /data:/i, /style=/i,
  /<iframe/i, /<img/i, /<svg/i, /<object/i, /<embed/i, /<form/i, /<input/i, /<style/i, /\bevil\b/];

const richTextFields = (entity: Entity): string[] =>
  Object.entries(entity.fields).filter(([, d]) => d.kind === 'richText').map(([n]) => n);

describe.each(testDialects())('rich text sanitised on write (%s)', (dialect) => {
  const s = apiSuite(dialect, { overrides: { publicUrl: PUBLIC_URL } });

  const withRichText = entityList.filter((e) => richTextFields(e).length && hasRoute('create')(e));

  it('the brand story is among the rich text fields (else this file tests nothing)', () => {
    expect(withRichText.map((e) => `${e.name}.${richTextFields(e).join(',')}`)).toContain('brand.brandStory');
  });

  for (const entity of withRichText) {
    for (const field of richTextFields(entity)) {
      it(`${entity.name}.${field}: the editor's own output is stored byte for byte, on create and on update`, async () => {
        const created = await s.fx.create(entity, 0, { [field]: EDITOR_OUTPUT });
        expect(created[field]).toBe(EDITOR_OUTPUT);
        expect((await s.fx.get(entity, created.id))[field]).toBe(EDITOR_OUTPUT);
        const edited = EDITOR_OUTPUT.replace('Brand story', 'Edited story');
        const answer = await call(s.app, 'POST', urlOf(routeOf(entity, 'update')!, { id: created.id }), { token: s.token, body: { [field]: edited } });
        expect(answer.status, answer.raw).toBe(200);
        expect((await s.fx.get(entity, created.id))[field]).toBe(edited);
      });

      it(`${entity.name}.${field}: script, handlers, javascript:/data: URLs, styles and foreign elements never come back`, async () => {
        const record = await s.fx.create(entity, 1);
        for (const attack of ATTACKS) {
          const created = await s.fx.create(entity, 0, { [field]: attack });
          const update = await call(s.app, 'POST', urlOf(routeOf(entity, 'update')!, { id: record.id }), { token: s.token, body: { [field]: attack } });
          expect(update.status, update.raw).toBe(200);
          for (const stored of [(await s.fx.get(entity, created.id))[field], (await s.fx.get(entity, record.id))[field]]) {
            expect(stored, attack).toContain('keep');
            for (const pattern of FORBIDDEN) expect(stored, `${attack} -> ${String(stored)}`).not.toMatch(pattern);
          }
        }
      });

      it(`${entity.name}.${field}: an image of our own uploads keeps its source and text only`, async () => {
        const created = await s.fx.create(entity, 0, {
          [field]: '<p>keep</p><img src="/uploads/2026/11/a.png" alt="a" onerror="alert(1)" style="width:1px" width="1" title="t" class="c"><img src="&#47;uploads/2026/11/b.jpg">',
        });
        expect((await s.fx.get(entity, created.id))[field]).toBe('<p>keep</p><img src="/uploads/2026/11/a.png" alt="a"><img src="/uploads/2026/11/b.jpg">');
      });
    }
  }
});
