// mujoco/mjEnums.js: the MuJoCo enum values this library compares MuJoCo's
// arrays with, read from the loaded MuJoCo module's own enums (mjtObj,
// mjtJoint, mjtGeom, mjtTrn, mjtConstraint, mjtWrap, mjtEq of mujoco.h),
// never copied by hand, and the name of a model's object by them. DOM-free.

const cache = new WeakMap();

/** mjModel's array of each object type's name addresses (mujoco.h mjModel). */
const NAME_ADR = { mjOBJ_BODY: 'name_bodyadr', mjOBJ_JOINT: 'name_jntadr', mjOBJ_GEOM: 'name_geomadr', mjOBJ_SITE: 'name_siteadr',
  mjOBJ_ACTUATOR: 'name_actuatoradr', mjOBJ_KEY: 'name_keyadr', mjOBJ_MESH: 'name_meshadr', mjOBJ_TENDON: 'name_tendonadr',
  mjOBJ_SENSOR: 'name_sensoradr', mjOBJ_EQUALITY: 'name_eqadr' };

/** The enum values of MuJoCo module mj (read once a module). */
export function mjEnums(mj) {
  let e = cache.get(mj);
  if (!e) {
    e = Object.freeze({
      objJoint: mj.mjtObj.mjOBJ_JOINT.value,
      objActuator: mj.mjtObj.mjOBJ_ACTUATOR.value,
      objBody: mj.mjtObj.mjOBJ_BODY.value,
      objKey: mj.mjtObj.mjOBJ_KEY.value,
      jntHinge: mj.mjtJoint.mjJNT_HINGE.value,
      geomMesh: mj.mjtGeom.mjGEOM_MESH.value,
      trnJoint: mj.mjtTrn.mjTRN_JOINT.value,
      // a dof's frictionloss row of the constraint arrays (efc_type)
      cnstrFrictionDof: mj.mjtConstraint.mjCNSTR_FRICTION_DOF.value,
      wrapJoint: mj.mjtWrap.mjWRAP_JOINT.value,
      eqJoint: mj.mjtEq.mjEQ_JOINT.value,
      // the geom types the 3D picture draws (mjtGeom)
      geomPlane: mj.mjtGeom.mjGEOM_PLANE.value,
      geomSphere: mj.mjtGeom.mjGEOM_SPHERE.value,
      geomCapsule: mj.mjtGeom.mjGEOM_CAPSULE.value,
      geomEllipsoid: mj.mjtGeom.mjGEOM_ELLIPSOID.value,
      geomCylinder: mj.mjtGeom.mjGEOM_CYLINDER.value,
      geomBox: mj.mjtGeom.mjGEOM_BOX.value,
      // an object type's start of its names in m.names (mjModel's name_*adr)
      nameAdr: new Map(Object.entries(NAME_ADR).map(([k, field]) => [mj.mjtObj[k].value, field])),
    });
    cache.set(mj, e);
  }
  return e;
}

/** The name of object id of type objType (an mjtObj value: mjEnums' objJoint,
 *  objActuator, objBody, objKey, …) in model m; '' for an object without one
 *  or an id out of range. MuJoCo 3.14's mj_id2name answers "emsc" for an
 *  unnamed object (its NULL read as the string at wasm address 0), so the
 *  name's first byte in m.names is read first. */
export function nameOf(mj, m, objType, id) {
  const field = mjEnums(mj).nameAdr.get(objType);
  if (!field) throw new RangeError(`nameOf: object type ${objType} has no name array here; add its mjModel name_*adr to NAME_ADR.`);
  const adr = m[field][id];
  return adr === undefined || !m.names[adr] ? '' : mj.mj_id2name(m, objType, id) ?? '';
}

/** The geom kinds the 3D picture draws, by their mjEnums entry. */
const GEOM_KINDS = [['geomPlane', 'plane'], ['geomSphere', 'sphere'], ['geomCapsule', 'capsule'], ['geomEllipsoid', 'ellipsoid'],
  ['geomCylinder', 'cylinder'], ['geomBox', 'box'], ['geomMesh', 'mesh']];

/** The kind of a geom of type `type` (an entry of geom_type) by enums e
 *  (mjEnums' table, or the copy the robot's worker hands the page):
 *  'plane', 'sphere', 'capsule', 'ellipsoid', 'cylinder', 'box' or 'mesh';
 *  null for another (a height field, an SDF). */
export function geomKind(e, type) {
  for (const [k, kind] of GEOM_KINDS) if (e[k] === type) return kind;
  return null;
}
