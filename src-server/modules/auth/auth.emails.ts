import type { Mail } from '../../mail/mailer.js';
import { PRODUCT_NAME } from '../../../shared/constants.js';

export function activationMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: `Activate your ${PRODUCT_NAME} account`,
    text: `Hello ${firstName},\n\nWelcome to ${PRODUCT_NAME}. Open this link to activate your account:\n\n${link}\n\nThe link works once and expires in 3 days. If you did not sign up, ignore this message.\n`,
  };
}

export function passwordResetMail(to: string, firstName: string, link: string): Mail {
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Hello ${firstName},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. Open this link to choose a new one:\n\n${link}\n\nThe link works once and expires in 3 days. If it was not you, ignore this message; your password stays as it is.\n`,
  };
}
