// dropZone.js: a box that takes dropped files, the one definition for every
// view that reads the user's logs (replay, fit). While it lives, a file
// dropped anywhere else on the page is caught and ignored (the browser would
// otherwise open it and leave the app); onStray is told, to say so.
//
//   const zone = dropZone(box, { onFiles(files) {...}, onStray() {...} });
//   zone.dispose();   // when the view goes

/**
 * @param {HTMLElement} drop  the box (gets the class 'over' while a drag is over it)
 * @param {{ onFiles: (files: File[]) => void, onStray?: () => void }} handlers
 * @returns {{ dispose(): void }}
 */
export function dropZone(drop, { onFiles, onStray }) {
  const over = (e) => { e.preventDefault(); e.stopPropagation(); drop.classList.add('over'); };
  const leave = () => drop.classList.remove('over');
  const onDrop = (e) => {
    e.preventDefault();
    e.stopPropagation();
    leave();
    const files = [...(e.dataTransfer?.files || [])];
    if (files.length) onFiles(files);
  };
  drop.addEventListener('dragenter', over);
  drop.addEventListener('dragover', over);
  drop.addEventListener('dragleave', leave);
  drop.addEventListener('drop', onDrop);
  const guardOver = (e) => { e.preventDefault(); if (e.dataTransfer) e.dataTransfer.dropEffect = 'none'; };
  const guardDrop = (e) => {
    e.preventDefault();
    if (e.dataTransfer?.files?.length && onStray) onStray();
  };
  document.addEventListener('dragover', guardOver);
  document.addEventListener('drop', guardDrop);
  return {
    dispose() {
      document.removeEventListener('dragover', guardOver);
      document.removeEventListener('drop', guardDrop);
    },
  };
}
