// wellposed/side.js: the view's side column: the map's parameters (μ and the
// inertias in front, the rest folded), then the screw's, and the copy-as-JSON
// panels, one flat object per scenario: the file `friction run NAME
// params=FILE` reads.
import { t } from '../../i18n/index.js';
import { messageBox } from '../../layout.js';
import { paramPanel } from '../../paramPanel.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../../exports.js';
import { MAP_FRONT, SIM_FRONT, SIM_HIDDEN } from './state.js';

/** The side column of view w ({ core, state, mapInfo, mapValues, simInfo,
 *  simValues }): onMap() after a map value changed, onSim(name) after a
 *  screw's (its refusal or ''). Returns { mapMsg, simPanel, simMsg }. */
export function sideColumn(side, w, onMap, onSim) {
  const { core, state, mapInfo, mapValues, simInfo, simValues } = w;
  const mapHead = document.createElement('h3');
  mapHead.textContent = t('wellposed.head.map');
  side.append(mapHead);
  const mapMsg = messageBox();
  mapMsg.id = 'wellposed-map-msg';
  paramPanel(side, mapInfo, mapValues, MAP_FRONT, onMap);
  const mapMore = document.createElement('details');
  const mapMoreSum = document.createElement('summary');
  mapMoreSum.textContent = t('wellposed.head.mapMore');
  mapMore.append(mapMoreSum);
  const mapRest = mapInfo.params.map((p) => p.name).filter((n) => !MAP_FRONT.includes(n));
  paramPanel(mapMore, mapInfo, mapValues, mapRest, onMap);
  side.append(mapMore);

  const simHead = document.createElement('h3');
  simHead.textContent = t('wellposed.head.sim');
  side.append(simHead);
  const simPanel = paramPanel(side, simInfo, simValues, SIM_FRONT, onSim);
  const simMore = document.createElement('details');
  const simMoreSum = document.createElement('summary');
  simMoreSum.textContent = t('wellposed.head.simMore');
  simMore.append(simMoreSum);
  const simRest = simInfo.params.map((p) => p.name).filter((n) => !SIM_FRONT.includes(n) && !SIM_HIDDEN.has(n));
  paramPanel(simMore, simInfo, simValues, simRest, onSim);
  const simMsg = messageBox();
  simMsg.id = 'wellposed-sim-msg';
  side.append(simMore, simMsg);

  // copy-as-JSON, one flat object per scenario: the file `friction run NAME
  // params=FILE` reads
  for (const [info, values, prefix, what] of [[mapInfo, mapValues, 'map', t('wellposed.export.map')], [simInfo, simValues, 'screw', t('wellposed.export.screw')]]) {
    exportPanel(side, {
      title: what,
      fileName: info.name,
      getParams: () => scenarioParamsToObject(info, values),
      setParams: (obj) => {
        const p = scenarioParamsFromObject(core, info, obj);
        const entries = {};
        Object.entries(scenarioParamsToObject(info, p)).forEach(([k, v]) => { entries[`${prefix}.${k}`] = v; });
        reloadWithState(state, entries);
      },
    });
  }
  return { mapMsg, simPanel, simMsg };
}
