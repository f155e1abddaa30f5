// mujoco/mjEnums.js: the MuJoCo enum values this library compares MuJoCo's
// arrays with, read from the loaded MuJoCo module's own enums (mjtObj,
// mjtJoint, mjtGeom, mjtTrn, mjtConstraint, mjtWrap, mjtEq of mujoco.h),
// never copied by hand. DOM-free.

const cache = new WeakMap();

/** The enum values of MuJoCo module mj (read once a module). */
export function mjEnums(mj) {
  let e = cache.get(mj);
  if (!e) {
    e = Object.freeze({
      objJoint: mj.mjtObj.mjOBJ_JOINT.value,
      objActuator: mj.mjtObj.mjOBJ_ACTUATOR.value,
      jntHinge: mj.mjtJoint.mjJNT_HINGE.value,
      geomMesh: mj.mjtGeom.mjGEOM_MESH.value,
      trnJoint: mj.mjtTrn.mjTRN_JOINT.value,
      // a dof's frictionloss row of the constraint arrays (efc_type)
      cnstrFrictionDof: mj.mjtConstraint.mjCNSTR_FRICTION_DOF.value,
      wrapJoint: mj.mjtWrap.mjWRAP_JOINT.value,
      eqJoint: mj.mjtEq.mjEQ_JOINT.value,
    });
    cache.set(mj, e);
  }
  return e;
}
