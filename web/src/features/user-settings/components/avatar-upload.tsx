import type { UserResponse } from '@shared/schemas/auth';
import { Camera } from 'lucide-react';
import { useRef, useState } from 'react';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useUploadAvatar } from '../api/user';
import { shrinkImage } from '../lib/shrink-image';

/** The user's avatar with an upload button: the picked image shows at once, then is stored. */
export function AvatarUpload({ user }: { user: UserResponse }) {
  const upload = useUploadAvatar();
  const input = useRef<HTMLInputElement>(null);
  // The shrunk image while it uploads, so the new picture shows without waiting for the server.
  const [preview, setPreview] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please select an image file (JPEG, PNG, etc.)', variant: 'destructive' });
      return;
    }
    let dataUrl: string;
    try {
      dataUrl = await shrinkImage(file);
    } catch (error) {
      toast({ title: 'Upload failed', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    setPreview(dataUrl);
    upload.mutate(dataUrl, {
      onSuccess: () => toast({ title: 'Avatar updated' }),
      onError: (error) => toast({ title: 'Upload failed', description: error.message, variant: 'destructive' }),
      onSettled: () => setPreview(null),
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <UserAvatar fullName={user.fullName} avatarUrl={preview ?? user.avatarUrl} size="lg" />
      <div className="grid gap-1">
        <input
          ref={input}
          id="avatar-file"
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Avatar image file"
          onChange={(event) => {
            void onFile(event.target.files?.[0]);
            // The same file picked again must fire a change too.
            event.target.value = '';
          }}
        />
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Camera aria-hidden />
          {upload.isPending ? 'Uploading...' : 'Upload avatar'}
        </Button>
        <p className="text-xs text-muted">Any image; it is resized to 256×256 pixels.</p>
      </div>
    </div>
  );
}
