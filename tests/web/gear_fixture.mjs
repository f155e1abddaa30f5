// gear_fixture.mjs: the geared arm, one definition for the Node test
// (robot_kinds.test.mjs) and the page's (e2e.d/robotgear.mjs): two hinges,
// link 2 of 0.1 kg at 0.1 m from its joint (Iyy 1e-5 kg·m²), <position kp 10>
// on each, gear −1 on the flip and `gear` on the second; Euler at 1 ms.
export const gearXml = (gear = 50) => `<mujoco>
  <option timestep="0.001" integrator="Euler" gravity="0 0 -9.81"/>
  <worldbody>
    <body name="l1"><joint name="flip" type="hinge" axis="0 0 1"/>
      <inertial pos="0.1 0 0" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
      <body name="l2" pos="0.2 0 0"><joint name="geared" type="hinge" axis="0 1 0"/>
        <inertial pos="0.1 0 0" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/></body></body>
  </worldbody>
  <actuator>
    <position name="a_flip" joint="flip" kp="10" gear="-1"/>
    <position name="a_geared" joint="geared" kp="10" gear="${gear}"/>
  </actuator>
</mujoco>`;
