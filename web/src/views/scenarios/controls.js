// scenarios/controls.js: a system's parameter controls (the core's own
// descriptions, paramPanel.js), the ones a figure case fixes held at their
// defaults and disabled unless case=custom.
import { t, tParam } from '../../i18n/index.js';
import { paramPanel } from '../../paramPanel.js';

/** The controls of run r ({ sc, info, values }) in body; onChange() after a
 *  value the run takes. */
export function scenarioControls(body, r, onChange) {
  const { sc, info, values } = r;
  const controls = sc.controls.filter((n) => !(sc.overlay && sc.overlay.param === n));
  // Parameters a figure case fixes (the core's fixedByCase) are editable
  // only with case=custom; otherwise they hold their defaults and are disabled.
  const caseJ = info.params.findIndex((p) => p.name === 'case');
  const panel = paramPanel(body, info, values, controls, (name) => {
    // a control the figure case fixes is disabled: an event on it (a script
    // can still send one) is undone, never run
    const ctl = panel.byName[name];
    const input = ctl && (ctl.input || ctl.select);
    if (input && input.disabled) {
      const p = info.params.find((q) => q.name === name);
      panel.set(name, p.def);
      return;
    }
    if (name === 'case') syncCase();
    onChange();
  });
  function syncCase() {
    if (caseJ < 0) return;
    const custom = info.params[caseJ].choices[values[caseJ]] === 'custom';
    info.params.forEach((p, j) => {
      if (!p.fixedByCase) return;
      const ctl = panel.byName[p.name];
      if (!custom) panel.set(p.name, p.def);
      if (ctl) {
        ctl.setDisabled(!custom);
        const help = tParam(info.name, p.name, 'help', p.help);
        ctl.el.title = custom ? help : t('scenarios.fixedByCase', { help });
      }
      if (!custom) values[j] = p.def;
    });
  }
  syncCase();
}
